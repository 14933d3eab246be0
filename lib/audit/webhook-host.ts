/**
 * How the audit log names a webhook: by its host. Its full URL can carry a secret (Slack's and
 * Zapier's hook URLs are capabilities), and the log is readable by every key that may read, where
 * the webhook's own configuration is not.
 */
export function webhookHost(url: string): string {
  return URL.canParse(url) ? new URL(url).host : "webhook";
}
