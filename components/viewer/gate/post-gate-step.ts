const OFFLINE = "Could not unlock the document. Check your connection and try again.";

/** How the server answered one step of the email gate. */
export type GateAnswer = { ok: true; codeSentTo: string | null } | { ok: false; message: string };

/** Posts a gate step as JSON: passed (200), a code was sent (202), or the server's message. */
export async function postGateStep(endpoint: string, body: Record<string, string>): Promise<GateAnswer> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  const json = (await response?.json().catch(() => null)) as { email?: string; error?: { message?: string } } | null;
  if (response?.ok) return { ok: true, codeSentTo: response.status === 202 ? (json?.email ?? "") : null };
  return { ok: false, message: json?.error?.message ?? OFFLINE };
}
