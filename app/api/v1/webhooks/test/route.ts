import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { sendTestEvent } from "@/lib/webhooks/manage-webhook";

export const POST = withApiKey({ can: "webhook.manage" }, async ({ access }) => json(await sendTestEvent(access)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
