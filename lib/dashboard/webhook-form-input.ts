import type { WebhookInput } from "../schemas/webhooks";
import { EVENT_KINDS } from "../schemas/events";

/** The webhook form's fields as the API's input, or the problems in the reader's words. */
export function readWebhookForm(form: FormData): { ok: true; input: WebhookInput } | { ok: false; fieldErrors: Record<string, string> } {
  const url = String(form.get("url") ?? "").trim();
  const events = form.getAll("events").map(String);
  const fieldErrors: Record<string, string> = {};
  if (!url) fieldErrors.url = "Enter your endpoint's address, like https://example.com/webhooks/pagewise";
  else if (url.length > 2048) fieldErrors.url = "Shorten the address to 2,048 characters";
  else if (url.includes("\u0000")) fieldErrors.url = "Remove the NUL character from the address";
  const kinds = EVENT_KINDS.filter((kind) => events.includes(kind));
  if (kinds.length === 0) fieldErrors.events = "Choose at least one event to receive";
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, input: { url, events: kinds } };
}

const PRIVATE_ADDRESS = /^(.+) resolves to (.+), a private or reserved address/;
const UNRESOLVED_HOST = /^url host (.+) could not be resolved$/;

/** The webhook URL check's message (API wording, lib/webhooks/ssrf-guard.ts) in the reader's words. */
export function webhookUrlMessage(problem: string): string {
  if (problem.startsWith("url must be an absolute URL"))
    return "Enter a full address, starting with https://, like https://example.com/webhooks/pagewise";
  if (problem === "url must use https") return "Use an address starting with https://: deliveries are sent over HTTPS only";
  if (problem === "url must use http or https") return "Use an address starting with https:// or http://";
  if (problem === "url must not contain credentials") return "Remove the user name and password from the address";
  const privateAddress = PRIVATE_ADDRESS.exec(problem);
  if (privateAddress)
    return `${privateAddress[1]} is a private network address (${privateAddress[2]}); use one that is reachable from the internet`;
  const unresolved = UNRESOLVED_HOST.exec(problem);
  if (unresolved) return `No server named ${unresolved[1]} was found. Check the address for typos`;
  return problem.replace(/^url /, "The address ");
}
