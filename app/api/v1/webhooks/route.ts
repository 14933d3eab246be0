import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { webhookInputSchema } from "@/lib/api/schemas/webhooks";
import { json, noContent, parseJsonBody, withApiKey } from "@/lib/api/with-api-key";
import { deleteWebhook, getWebhookConfiguration, saveWebhook } from "@/lib/webhooks/manage-webhook";

export const GET = withApiKey(async ({ userId }) => json(await getWebhookConfiguration(userId)));

export const POST = withApiKey(async ({ req, userId }) => {
  const { created, body } = await saveWebhook(userId, await parseJsonBody(webhookInputSchema, req));
  return json(body, created ? 201 : 200);
});

export const DELETE = withApiKey(async ({ userId }) => {
  await deleteWebhook(userId);
  return noContent();
});

export const { PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "POST", "DELETE"]);
