import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { json, withApiKey } from "@/lib/api/with-api-key";
import { sendTestEvent } from "@/lib/webhooks/manage-webhook";

export const POST = withApiKey(async ({ userId }) => json(await sendTestEvent(userId)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
