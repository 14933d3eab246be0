import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { webhookInputSchema } from "@/lib/schemas/webhooks";
import { withApiKey } from "@/lib/http/with-api-key";
import { json, noContent } from "@/lib/http/respond";
import { parseJsonBody } from "@/lib/http/parse";
import { deleteWebhook, getWebhookConfiguration, saveWebhook } from "@/lib/webhooks/manage-webhook";

export const GET = withApiKey({ can: "webhook.manage" }, async ({ access }) => json(await getWebhookConfiguration(access.teamId)));

export const POST = withApiKey({ can: "webhook.manage" }, async ({ req, access }) => {
  const { created, body } = await saveWebhook(access, await parseJsonBody(webhookInputSchema, req));
  return json(body, created ? 201 : 200);
});

export const DELETE = withApiKey({ can: "webhook.manage" }, async ({ access }) => {
  await deleteWebhook(access);
  return noContent();
});

export const { PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "POST", "DELETE"]);
