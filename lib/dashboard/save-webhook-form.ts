import type { AuditActor } from "../audit/record-audit";
import { ApiError } from "../errors";
import { saveWebhook } from "../webhooks/manage-webhook";
import { readWebhookForm, webhookUrlMessage } from "./webhook-form-input";

/**
 * The webhook form saved (created, or its address and events replaced): the new webhook's secret,
 * shown once, or the form's problems in the reader's words. Any other refusal is thrown.
 */
export async function saveWebhookForm(
  by: AuditActor,
  form: FormData,
): Promise<{ ok: true; secret?: string } | { ok: false; fieldErrors: Record<string, string> }> {
  const read = readWebhookForm(form);
  if (!read.ok) return read;
  try {
    const { created, body } = await saveWebhook(by, read.input);
    return created ? { ok: true, secret: (body as { secret?: string }).secret } : { ok: true };
  } catch (error) {
    // saveWebhook refuses only the URL (lib/webhooks/ssrf-guard.ts) with a validation error.
    if (error instanceof ApiError && error.code === "validation_error")
      return { ok: false, fieldErrors: { url: webhookUrlMessage(error.message) } };
    throw error;
  }
}
