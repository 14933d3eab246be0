import { contactsCsv } from "@/lib/dashboard/contacts-csv";
import { contactsFilters } from "@/lib/dashboard/contacts-page-data";
import { csvResponse } from "@/lib/dashboard/csv";
import { withSession } from "@/lib/http/with-session";

export const GET = withSession({ can: "analytics.read" }, async ({ access, req }) => {
  const { query } = contactsFilters(Object.fromEntries(new URL(req.url).searchParams));
  const { filename, body } = await contactsCsv(access.teamId, query);
  return csvResponse(filename, body);
});
