"use server";

import { revalidatePath } from "next/cache";
import { ApiError } from "../api/errors";
import { webhookInputSchema } from "../api/schemas/webhooks";
import { createApiKey, regenerateApiKey, revokeApiKey } from "../auth/api-keys";
import { requireUser } from "../auth/auth";
import { redeliver, saveWebhook, sendTestEvent } from "../webhooks/manage-webhook";
import { deleteWebhook } from "../webhooks/manage-webhook";

export type KeyState = { key?: string; name?: string; error?: string } | undefined;

export async function createApiKeyAction(_state: KeyState, form: FormData): Promise<KeyState> {
  const user = await requireUser();
  const name = String(form.get("name") ?? "").trim().slice(0, 100);
  const { key, apiKey } = await createApiKey(user.id, name || "Default");
  revalidatePath("/settings/api-keys");
  return { key, name: apiKey.name };
}

export async function revokeApiKeyAction(id: string) {
  const user = await requireUser();
  await revokeApiKey(user.id, id);
  revalidatePath("/settings/api-keys");
}

export async function regenerateApiKeyAction(id: string): Promise<KeyState> {
  const user = await requireUser();
  const result = await regenerateApiKey(user.id, id);
  revalidatePath("/settings/api-keys");
  return result ? { key: result.key, name: result.apiKey.name } : { error: "That key no longer exists." };
}

export type WebhookState = { secret?: string; error?: string; saved?: boolean } | undefined;

export async function saveWebhookAction(_state: WebhookState, form: FormData): Promise<WebhookState> {
  const user = await requireUser();
  const parsed = webhookInputSchema.safeParse({ url: String(form.get("url") ?? ""), events: form.getAll("events").map(String) });
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  try {
    const { created, body } = await saveWebhook(user.id, parsed.data);
    revalidatePath("/settings/webhook");
    return created ? { secret: (body as { secret?: string }).secret, saved: true } : { saved: true };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

export type TestState = { result?: Awaited<ReturnType<typeof sendTestEvent>> } | undefined;

export async function sendTestAction(): Promise<TestState> {
  const user = await requireUser();
  const result = await sendTestEvent(user.id);
  revalidatePath("/settings/webhook");
  return { result };
}

export async function redeliverAction(deliveryId: string) {
  const user = await requireUser();
  await redeliver(user.id, deliveryId);
  revalidatePath("/settings/webhook");
}

export async function deleteWebhookAction() {
  const user = await requireUser();
  await deleteWebhook(user.id).catch(() => undefined);
  revalidatePath("/settings/webhook");
}
