/**
 * The mailbox an address delivers to, for counting and for the allow and block lists: one person's
 * `Boss+x@acme.com`, `boss@acme.com` and (at Gmail) `b.o.s.s@googlemail.com` are one mailbox.
 * Lower-cased, the `+tag` removed (the subaddress convention of RFC 5233, honoured by every large
 * provider), and dots removed where the provider ignores them. The address as typed is still what
 * is stored, shown and mailed to.
 */
const DOTS_IGNORED: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at);
  const tag = local.indexOf("+");
  if (tag > 0) local = local.slice(0, tag);
  const dotless = DOTS_IGNORED[domain];
  if (dotless === undefined) return `${local}@${domain}`;
  return `${local.replaceAll(".", "")}@${dotless}`;
}

/**
 * Coarser than the mailbox: every address that may reach the same person, dots ignored at every
 * domain. Many providers besides Gmail ignore dots (Google Workspace aliases, catch-alls) and which
 * ones cannot be known, so a block list and the per-email limits, which must err towards refusing
 * and counting, match on this: a block on boss@acme.com also refuses b.o.s.s@acme.com.
 */
export function lookalikeMailbox(email: string): string {
  const mailbox = canonicalMailbox(email);
  const at = mailbox.lastIndexOf("@");
  return at < 0 ? mailbox : `${mailbox.slice(0, at).replaceAll(".", "")}${mailbox.slice(at)}`;
}

/** The domain part of an address as the lists match it (a provider's alias domain becomes its own). */
export const mailboxDomain = (email: string) => canonicalMailbox(email).split("@")[1] ?? "";

/** RFC 5321 §4.5.3.1: a local part holds at most 64 octets, a whole address (a path) at most 254. */
export const MAX_LOCAL_PART = 64;
export const MAX_ADDRESS = 254;
