import { portfolioOverview } from "@/lib/analytics/portfolio-overview";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { overviewQuery } from "@/lib/schemas/analytics";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse";

export const GET = withApiKey({ can: "analytics.read" }, async ({ req, access }) => {
  const period = parseQuery(overviewQuery, req);
  const params = new URL(req.url).searchParams;
  return json(
    await portfolioOverview(access.teamId, period, {
      since: params.get("since") || undefined,
      until: params.get("until") || undefined,
    }),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
