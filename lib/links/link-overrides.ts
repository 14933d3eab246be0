import { ApiError } from "../errors";
import { hashPassword } from "../credentials/password-hash";
import type { Document } from "../generated/prisma/client";
import type { LinkSettingsInput } from "../schemas/links";
import type { LinkSettingKey } from "../schemas/sharing-settings";
import type { LinkOverrides } from "./shared-document";
import { assertCanVerifyEmails } from "../documents/verify-needs-mail";

export type OverridesChange = { overrides: LinkOverrides; passwordHash?: string | null };

/**
 * Applies the settings sent for a link (and the keys to inherit again) to its stored overrides.
 * `password` is stored as a marker key with the hash beside it: a string hashes a new password,
 * null means "no password on this link", inheriting drops both.
 */
export async function changeOverrides(
  doc: Pick<Document, "pageCount">,
  current: LinkOverrides,
  settings: LinkSettingsInput = {},
  inherit: readonly LinkSettingKey[] = [],
): Promise<OverridesChange> {
  assertCanVerifyEmails(settings.verify_email);
  if (settings.gate_page !== undefined && settings.gate_page > doc.pageCount) {
    const message = `gate_page must be between 1 and the page count (${doc.pageCount}); got ${settings.gate_page}`;
    throw new ApiError("validation_error", message, { fields: { "settings.gate_page": message } });
  }
  const overrides: Record<string, unknown> = { ...current };
  let passwordHash: string | null | undefined;
  for (const key of inherit) {
    delete overrides[key];
    if (key === "password") passwordHash = null;
  }
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    if (key === "password") {
      overrides.password = true;
      passwordHash = value === null ? null : await hashPassword(value as string);
    } else {
      overrides[key] = value;
    }
  }
  return { overrides: overrides as LinkOverrides, ...(passwordHash !== undefined && { passwordHash }) };
}
