import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const LOWER_ALNUM = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Uniformly random characters from a CSPRNG (randomInt rejects biased values itself). */
export function randomString(length: number, alphabet = BASE62): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The 10-character public code of a document (`s-<code>` in the API, `/s/<code>` in links). */
export const newDocumentCode = () => randomString(10, LOWER_ALNUM);
export const newEventId = () => `evt_${randomString(24)}`;
export const newViewerPublicId = () => `anon_${randomString(16)}`;
export const newApiKey = () => `pw_live_${randomString(32)}`;
export const newWebhookSecret = () => `whsec_${randomString(32)}`;
export const newInvitationToken = () => `inv_${randomString(32)}`;
export const newSignupToken = () => randomString(32);
/** A password reset's or an email change's emailed link (lib/users/account-tokens.ts). */
export const newAccountToken = () => randomString(32);
