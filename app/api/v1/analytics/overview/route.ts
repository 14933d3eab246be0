import { portfolioOverview } from "@/lib/analytics/portfolio-overview";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { overviewQuery } from "@/lib/schemas/analytics";
import { json, parseQuery, withApiKey } from "@/lib/http/with-api-key";

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
