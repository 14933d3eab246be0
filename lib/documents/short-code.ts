import { config } from "../config";

/**
 * A document's (or link's, or room's) code is ten lowercase letters and digits, spelled four ways:
 * bare in a share URL's path (`/s/<code>`, `shareUrl`), `s-<code>` as the API's short_code
 * (`apiShortCode`), `s/<code>` in webhook payloads (`webhookShortCode`). These two are the only
 * readers of a code a client sent.
 */
const CODE = /^[a-z0-9]{10}$/;

/** The API's `s-<code>`, or the bare `<code>` → `<code>`; null when it cannot be a code (so: 404). */
export function parseShortCode(value: string): string | null {
  const code = value.startsWith("s-") ? value.slice(2) : value;
  return CODE.test(code) ? code : null;
}

/** A share URL's code, bare only (`s-` codes belong to the API); null when it cannot be one. */
export const parseShareCode = (value: string): string | null => (CODE.test(value) ? value : null);

export const apiShortCode = (code: string) => `s-${code}`;
export const webhookShortCode = (code: string) => `s/${code}`;
export const shareUrl = (code: string) => `${config().APP_URL}/s/${code}`;
