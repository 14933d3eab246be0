import { contactTimeline } from "../analytics/contact-timeline";
import { teamContacts } from "../analytics/team-contacts";
import { contactDetailSchema, contactListSchema, contactsQuery } from "../schemas/contacts";
import { READ_AT, ROOM_ID, SHORT_CODE, TITLE, type Out, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import { contactEmail } from "./path-params";
import { READS } from "./tool-hints";

/** The team's people (issue 45; additive, not in docs/api-contract.md): everyone who gave an email, across documents and rooms. */

const contactExample = {
  email: "jane@acme.com",
  name: "Jane Doe",
  company_domain: "acme.com",
  documents_read: 2,
  rooms_read: 1,
  visits: 4,
  total_time_seconds: 512.5,
  first_seen_at: READ_AT,
  last_active_at: "2026-01-18T08:12:40.000Z",
  engagement_label: "High Interest",
  lead: true,
} satisfies Out<typeof contactListSchema>["contacts"][number];

const contactListExample = { contacts: [contactExample], pagination: pagination(1) } satisfies Out<typeof contactListSchema>;

const contactDetailExample = {
  contact: contactExample,
  timeline: [
    {
      kind: "visit",
      at: "2026-01-18T08:05:10.000Z",
      document: { short_code: SHORT_CODE, title: TITLE },
      room: { id: ROOM_ID, name: "Series A data room" },
      pages_viewed: 12,
      total_time_seconds: 412.5,
    },
    {
      kind: "room_lead",
      at: "2026-01-18T08:04:58.000Z",
      document: null,
      room: { id: ROOM_ID, name: "Series A data room" },
      pages_viewed: null,
      total_time_seconds: null,
    },
  ],
} satisfies Out<typeof contactDetailSchema>;

export const listContacts = defineOperation({
  method: "GET",
  path: "/api/v1/contacts",
  operationId: "listContacts",
  summary: "The team's contacts, most recently active first",
  description:
    "Everyone who gave an email on the team's documents or rooms, one row per email: company (the email's domain), documents and rooms read, visits, reading time, first and last activity, highest engagement level and whether they are a lead.",
  tag: "Analytics",
  can: "analytics.read",
  query: contactsQuery,
  response: { status: 200, description: "Contacts", schema: contactListSchema, example: contactListExample },
  errors: [400],
  handle: ({ access, query }) => teamContacts(access.teamId, query),
  mcp: {
    name: "list_contacts",
    title: "The team's contacts",
    description:
      "Everyone who gave an email on the team's documents or rooms: email, name, company domain, documents and rooms read, visits, total reading time, first and last activity, highest engagement label and whether a lead; with pagination. Optionally search (email or name contains), company (a domain), since (last active on or after) and sort (last_active, total_time, engagement). Same answer as GET /api/v1/contacts.",
    annotations: READS,
  },
});

export const getContact = defineOperation({
  method: "GET",
  path: "/api/v1/contacts/{email}",
  operationId: "getContact",
  summary: "A person's figures and timeline across the team's documents and rooms",
  tag: "Analytics",
  can: "analytics.read",
  params: { email: contactEmail },
  response: {
    status: 200,
    description: "The contact and their timeline, newest first",
    schema: contactDetailSchema,
    example: contactDetailExample,
  },
  handle: ({ access, params: { email } }) => contactTimeline(access.teamId, email),
});

export const CONTACT_OPERATIONS = [listContacts, getContact];
