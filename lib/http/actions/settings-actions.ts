"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey, regenerateApiKey, revokeApiKey } from "../../auth/api-keys";
import { apiKeyNameForm } from "../../schemas/users";
import { saveWebhookForm } from "../../dashboard/save-webhook-form";
import { deleteWebhook, redeliver, sendTestEvent } from "../../webhooks/manage-webhook";
import { requireUser } from "../require-user";
import { type FormProblems, buttonAction, formAction, formData, formFields, formState, recordId } from "../server-action";

export type KeyState = (FormProblems & { key?: string; name?: string }) | undefined;

export const createApiKeyAction = formAction(
  { session: requireUser, args: z.tuple([formState<KeyState>(), formFields(apiKeyNameForm)]) },
  async (user, _state, name): Promise<KeyState> => {
    const { key, apiKey } = await createApiKey(user.id, name);
    revalidatePath("/settings/api-keys");
    return { key, name: apiKey.name };
  },
);

export const revokeApiKeyAction = buttonAction({ session: requireUser, args: z.tuple([recordId]) }, async (user, id) => {
  await revokeApiKey(user.id, id);
  revalidatePath("/settings/api-keys");
});

export const regenerateApiKeyAction = buttonAction(
  { session: requireUser, args: z.tuple([recordId]) },
  async (user, id): Promise<KeyState> => {
    const result = await regenerateApiKey(user.id, id);
    revalidatePath("/settings/api-keys");
    return result ? { key: result.key, name: result.apiKey.name } : { error: "That key no longer exists." };
  },
);

export type WebhookState = (FormProblems & { secret?: string; saved?: boolean }) | undefined;

export const saveWebhookAction = formAction(
  { session: requireUser, args: z.tuple([formState<WebhookState>(), formData]) },
  async (user, _state, form): Promise<WebhookState> => {
    const saved = await saveWebhookForm(user.id, form);
    if (!saved.ok) return { fieldErrors: saved.fieldErrors };
    revalidatePath("/settings/webhook");
    return saved.secret ? { secret: saved.secret, saved: true } : { saved: true };
  },
);

export type TestState = (FormProblems & { result?: Awaited<ReturnType<typeof sendTestEvent>> }) | undefined;

export const sendTestAction = formAction(
  { session: requireUser, args: z.tuple([formState<TestState>(), formData]) },
  async (user): Promise<TestState> => {
    const result = await sendTestEvent(user.id);
    revalidatePath("/settings/webhook");
    return { result };
  },
);

export const redeliverAction = buttonAction({ session: requireUser, args: z.tuple([recordId]) }, async (user, deliveryId) => {
  await redeliver(user.id, deliveryId);
  revalidatePath("/settings/webhook");
});

// Deleting a webhook that is already gone is what was asked: the page shows none either way.
export const deleteWebhookAction = buttonAction({ session: requireUser, args: z.tuple([]) }, async (user) => {
  await deleteWebhook(user.id).catch(() => undefined);
  revalidatePath("/settings/webhook");
});
