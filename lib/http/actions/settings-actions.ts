"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey, regenerateApiKey, revokeApiKey } from "../../auth/api-keys";
import { apiKeyForm } from "../../schemas/users";
import { saveWebhookForm } from "../../dashboard/save-webhook-form";
import { deleteWebhook, redeliver, sendTestEvent } from "../../webhooks/manage-webhook";
import { requireTeam } from "../require-team";
import { type FormProblems, buttonAction, formAction, formData, formFields, formState, recordId } from "../server-action";

export type KeyState = (FormProblems & { key?: string; name?: string }) | undefined;

export const createApiKeyAction = formAction(
  { session: requireTeam("keys.manage"), args: z.tuple([formState<KeyState>(), formFields(apiKeyForm)]) },
  async (team, _state, { name, access }): Promise<KeyState> => {
    const { key, apiKey } = await createApiKey(team, name, access);
    revalidatePath("/settings/api-keys");
    return { key, name: apiKey.name };
  },
);

export const revokeApiKeyAction = buttonAction({ session: requireTeam("keys.manage"), args: z.tuple([recordId]) }, async (team, id) => {
  await revokeApiKey(team, id);
  revalidatePath("/settings/api-keys");
});

export const regenerateApiKeyAction = buttonAction(
  { session: requireTeam("keys.manage"), args: z.tuple([recordId]) },
  async (team, id): Promise<KeyState> => {
    const result = await regenerateApiKey(team, id);
    revalidatePath("/settings/api-keys");
    return result ? { key: result.key, name: result.apiKey.name } : { error: "That key no longer exists." };
  },
);

export type WebhookState = (FormProblems & { secret?: string; saved?: boolean }) | undefined;

export const saveWebhookAction = formAction(
  { session: requireTeam("webhook.manage"), args: z.tuple([formState<WebhookState>(), formData]) },
  async (team, _state, form): Promise<WebhookState> => {
    const saved = await saveWebhookForm(team, form);
    if (!saved.ok) return { fieldErrors: saved.fieldErrors };
    revalidatePath("/settings/webhook");
    return saved.secret ? { secret: saved.secret, saved: true } : { saved: true };
  },
);

export type TestState = (FormProblems & { result?: Awaited<ReturnType<typeof sendTestEvent>> }) | undefined;

export const sendTestAction = formAction(
  { session: requireTeam("webhook.manage"), args: z.tuple([formState<TestState>(), formData]) },
  async (team): Promise<TestState> => {
    const result = await sendTestEvent(team);
    revalidatePath("/settings/webhook");
    return { result };
  },
);

export const redeliverAction = buttonAction(
  { session: requireTeam("webhook.manage"), args: z.tuple([recordId]) },
  async (team, deliveryId) => {
    await redeliver(team.teamId, deliveryId);
    revalidatePath("/settings/webhook");
  },
);

// Deleting a webhook that is already gone is what was asked: the page shows none either way.
export const deleteWebhookAction = buttonAction({ session: requireTeam("webhook.manage"), args: z.tuple([]) }, async (team) => {
  await deleteWebhook(team).catch(() => undefined);
  revalidatePath("/settings/webhook");
});
