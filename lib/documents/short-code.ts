import { config } from "../config";

/** `s-<code>` or the bare `<code>` → `<code>`; null when it cannot be a code (so: 404). */
export function parseShortCode(value: string): string | null {
  const code = value.startsWith("s-") ? value.slice(2) : value;
  return /^[a-z0-9]{10}$/.test(code) ? code : null;
}

export const apiShortCode = (code: string) => `s-${code}`;
export const webhookShortCode = (code: string) => `s/${code}`;
export const shareUrl = (code: string) => `${config().APP_URL}/s/${code}`;
