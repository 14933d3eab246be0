"use server";

import { revalidatePath } from "next/cache";
import { ApiError } from "../errors";
import { createApiKey, regenerateApiKey, revokeApiKey } from "../auth/api-keys";
import { requireUser } from "../auth/auth";
import { redeliver, saveWebhook, sendTestEvent } from "../webhooks/manage-webhook";
import { deleteWebhook } from "../webhooks/manage-webhook";
import { readWebhookForm, webhookUrlMessage } from "./webhook-form-input";

export type KeyState = { key?: string; name?: string; error?: string } | undefined;

export async function createApiKeyAction(_state: KeyState, form: FormData): Promise<KeyState> {
  const user = await requireUser();
  const name = String(form.get("name") ?? "")
    .trim()
    .slice(0, 100);
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

export type WebhookState = { secret?: string; error?: string; fieldErrors?: Record<string, string>; saved?: boolean } | undefined;

export async function saveWebhookAction(_state: WebhookState, form: FormData): Promise<WebhookState> {
  const user = await requireUser();
  const read = readWebhookForm(form);
  if (!read.ok) return { fieldErrors: read.fieldErrors };
  try {
    const { created, body } = await saveWebhook(user.id, read.input);
    revalidatePath("/settings/webhook");
    return created ? { secret: (body as { secret?: string }).secret, saved: true } : { saved: true };
  } catch (error) {
    // saveWebhook refuses only the URL (lib/webhooks/ssrf-guard.ts) with a validation error.
    if (error instanceof ApiError && error.code === "validation_error") return { fieldErrors: { url: webhookUrlMessage(error.message) } };
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
