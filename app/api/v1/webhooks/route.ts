import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { webhookInputSchema } from "@/lib/schemas/webhooks";
import { json, noContent, parseJsonBody, withApiKey } from "@/lib/http/with-api-key";
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
