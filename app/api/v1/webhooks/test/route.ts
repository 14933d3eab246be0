import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { json, withApiKey } from "@/lib/http/with-api-key";
import { sendTestEvent } from "@/lib/webhooks/manage-webhook";

export const POST = withApiKey(async ({ userId }) => json(await sendTestEvent(userId)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
