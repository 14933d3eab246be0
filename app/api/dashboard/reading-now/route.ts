import { readingNow } from "@/lib/analytics/reading-now";
import { json } from "@/lib/http/respond";
import { withSession } from "@/lib/http/with-session";

/** The overview's "Reading now", polled by the page while it is open. */
export const GET = withSession({ can: "analytics.read" }, async ({ access }) => json({ readers: await readingNow(access.teamId) }));
