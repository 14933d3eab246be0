import { portfolioOverview } from "@/lib/analytics/portfolio-overview";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { overviewQuery } from "@/lib/api/schemas/analytics";
import { json, parseQuery, withApiKey } from "@/lib/api/with-api-key";

export const GET = withApiKey(async ({ req, userId }) => {
  const period = parseQuery(overviewQuery, req);
  const params = new URL(req.url).searchParams;
  return json(
    await portfolioOverview(userId, period, {
      since: params.get("since") || undefined,
      until: params.get("until") || undefined,
    }),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
