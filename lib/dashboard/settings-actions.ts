"use server";

import { z } from "zod";
import { checkedAction, formData, formState, recordId } from "./checked-action";
import { revalidatePath } from "next/cache";
import { ApiError } from "../errors";
import { createApiKey, regenerateApiKey, revokeApiKey } from "../auth/api-keys";
import { requireUser } from "../auth/auth";
import { redeliver, saveWebhook, sendTestEvent } from "../webhooks/manage-webhook";
import { deleteWebhook } from "../webhooks/manage-webhook";
import { readWebhookForm, webhookUrlMessage } from "./webhook-form-input";

export type KeyState = { key?: string; name?: string; error?: string } | undefined;

export const createApiKeyAction = checkedAction(z.tuple([formState<KeyState>(), formData]), async (_state, form): Promise<KeyState> => {
  const user = await requireUser();
  const name = String(form.get("name") ?? "")
    .trim()
    .slice(0, 100);
  const { key, apiKey } = await createApiKey(user.id, name || "Default");
  revalidatePath("/settings/api-keys");
  return { key, name: apiKey.name };
});

export const revokeApiKeyAction = checkedAction(z.tuple([recordId]), async (id) => {
  const user = await requireUser();
  await revokeApiKey(user.id, id);
  revalidatePath("/settings/api-keys");
});

export const regenerateApiKeyAction = checkedAction(z.tuple([recordId]), async (id): Promise<KeyState> => {
  const user = await requireUser();
  const result = await regenerateApiKey(user.id, id);
  revalidatePath("/settings/api-keys");
  return result ? { key: result.key, name: result.apiKey.name } : { error: "That key no longer exists." };
});

export type WebhookState = { secret?: string; error?: string; fieldErrors?: Record<string, string>; saved?: boolean } | undefined;

export const saveWebhookAction = checkedAction(
  z.tuple([formState<WebhookState>(), formData]),
  async (_state, form): Promise<WebhookState> => {
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
  },
);

export type TestState = { result?: Awaited<ReturnType<typeof sendTestEvent>> } | undefined;

export const sendTestAction = checkedAction(z.tuple([formState<TestState>(), formData]), async (): Promise<TestState> => {
  const user = await requireUser();
  const result = await sendTestEvent(user.id);
  revalidatePath("/settings/webhook");
  return { result };
});

export const redeliverAction = checkedAction(z.tuple([recordId]), async (deliveryId) => {
  const user = await requireUser();
  await redeliver(user.id, deliveryId);
  revalidatePath("/settings/webhook");
});

export async function deleteWebhookAction() {
  const user = await requireUser();
  await deleteWebhook(user.id).catch(() => undefined);
  revalidatePath("/settings/webhook");
}
