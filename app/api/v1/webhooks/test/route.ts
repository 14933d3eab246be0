import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";
import { sendTestEvent } from "@/lib/webhooks/manage-webhook";

export const POST = withApiKey(async ({ userId }) => json(await sendTestEvent(userId)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
