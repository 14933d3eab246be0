import { contactCompanies, teamContacts } from "../analytics/team-contacts";
import { presentParams } from "../request/present-params";
import { type ContactsQuery, contactsQuery } from "../schemas/contacts";

export const CONTACTS_PER_PAGE = "25";

/** The Contacts page's and its CSV's filters from the URL, read as the API reads them; anything unreadable drops them all. */
export function contactsFilters(
  search: Record<string, string | string[] | undefined>,
  perPage = CONTACTS_PER_PAGE,
): { raw: Record<string, string>; query: ContactsQuery; understood: boolean } {
  const raw = presentParams(search);
  const parsed = contactsQuery.safeParse({ ...raw, per_page: perPage });
  if (parsed.success) return { raw, query: parsed.data, understood: true };
  return { raw, query: contactsQuery.parse({ per_page: perPage }), understood: false };
}

/** One page of the team's contacts for the URL's filters, with the companies the filter offers. */
export async function contactsPageData(teamId: string, search: Record<string, string | string[] | undefined>) {
  const { raw, query, understood } = contactsFilters(search);
  const [list, companies] = await Promise.all([teamContacts(teamId, query), contactCompanies(teamId)]);
  return { raw, query, understood, filtered: Boolean(raw.search || raw.company || raw.since), companies, ...list };
}
