import { createLink } from "../links/create-link";
import { deleteLink } from "../links/delete-link";
import { NO_FIGURES } from "../links/link-figures";
import { linkWithFigures } from "../links/link-with-figures";
import { listLinks } from "../links/list-links";
import { serializeLink } from "../links/serialize-link";
import { updateLink } from "../links/update-link";
import { json } from "../http/respond";
import { createLinkSchema, linkListSchema, linkSchema, linkSettingsSchema, listLinksQuery, updateLinkSchema } from "../schemas/links";
import { defaultApiSettings, LINK_SETTING_KEYS } from "../schemas/sharing-settings";
import { BASE_URL, CREATED_AT, LINK_CODE, READ_AT, SHORT_CODE, TITLE, type In, type Out, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import { ownedDocument, ownedLink } from "./path-params";
import { ADDS, READS } from "./tool-hints";

/** Links per recipient (issue 15): each with its own code, name, overrides and figures. */

const linkExample = {
  code: LINK_CODE,
  url: `${BASE_URL}/s/${LINK_CODE}`,
  name: "Sequoia — Jane",
  is_active: true,
  document: { short_code: SHORT_CODE, title: TITLE },
  settings: {
    ...linkSettingsSchema.parse(defaultApiSettings(LINK_SETTING_KEYS)),
    allow_download: false,
    expires_at: "2026-12-31T23:59:59.000Z",
  },

  overrides: ["allow_download", "expires_at"],
  stats: { views: 4, unique_viewers: 1, leads: 1, downloads: 0, last_viewed_at: READ_AT },
  created_at: CREATED_AT,
  updated_at: CREATED_AT,
} satisfies Out<typeof linkSchema>;

const linkListExample = { links: [linkExample], pagination: pagination(1) } satisfies Out<typeof linkListSchema>;

const linkCreateExample = {
  name: "Sequoia — Jane",
  settings: { allow_download: false, expires_at: "2026-12-31T23:59:59Z" },
} satisfies In<typeof createLinkSchema>;

export const listDocumentLinks = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}/links",
  operationId: "listDocumentLinks",
  summary: "A document's links, newest first",
  description: "Deleted links are left out; the document's own short code is not a link.",
  tag: "Links",
  can: "documents.read",
  params: { short_code: ownedDocument },
  query: listLinksQuery,
  response: { status: 200, description: "Links with their figures", schema: linkListSchema, example: linkListExample },
  errors: [400],
  handle: ({ params, query }) => listLinks(params.short_code, query.page, query.per_page),
  mcp: {
    name: "list_links",
    title: "Links of a document",
    description:
      "The share links made for one document, one per recipient: code, URL, name, whether active, the settings readers get and which of them the link overrides, and its own views and readers; with pagination. Same answer as GET /api/v1/documents/{short_code}/links.",
    annotations: READS,
  },
});

export const createDocumentLink = defineOperation({
  method: "POST",
  path: "/api/v1/documents/{short_code}/links",
  operationId: "createDocumentLink",
  summary: "Create a link for one recipient",
  description: "The link gets its own code (`/s/<code>`). Settings left out follow the document; unknown fields are refused.",
  tag: "Links",
  can: "documents.write",
  params: { short_code: ownedDocument },
  body: { schema: createLinkSchema, example: linkCreateExample },
  response: { status: 201, description: "The new link", schema: linkSchema, example: linkExample },
  errors: [400, 422],
  handle: async ({ access, params: { short_code: doc }, body }) =>
    serializeLink(await createLink(access, doc, await body()), doc, NO_FIGURES),
  reply: (link) => json(link, 201, { Location: `/api/v1/links/${link.code}` }),
  mcp: {
    name: "create_link",
    title: "Create a share link",
    description: `Make a new share link to one document for one recipient (name, e.g. “Sequoia — Jane”), with its own code and URL and its own reading analytics. settings overrides the document's for this link only: ${LINK_SETTING_KEYS.join(", ")}; a setting left out follows the document. Answers the new link, as POST /api/v1/documents/{short_code}/links does.`,
    annotations: ADDS,
  },
});

export const getLink = defineOperation({
  method: "GET",
  path: "/api/v1/links/{code}",
  operationId: "getLink",
  summary: "Get a link",
  tag: "Links",
  can: "documents.read",
  params: { code: ownedLink },
  response: { status: 200, description: "The link", schema: linkSchema, example: linkExample },
  handle: ({ params }) => linkWithFigures(params.code),
});

export const updateTeamLink = defineOperation({
  method: "PATCH",
  path: "/api/v1/links/{code}",
  operationId: "updateLink",
  summary: "Rename, disable or change a link's settings",
  description:
    "Only the fields included change. `settings` merges into the link's overrides (null for `expires_at`, `watermark`, `agreement` or `password` means none on this link); " +
    "`inherit` lists settings that follow the document again. Unknown fields are refused.",
  tag: "Links",
  can: "documents.write",
  params: { code: ownedLink },
  body: { schema: updateLinkSchema, required: false },
  response: { status: 200, description: "The updated link", schema: linkSchema, example: linkExample },
  errors: [400, 422],
  handle: async ({ access, params: { code: link }, body }) =>
    linkWithFigures({ ...(await updateLink(access, link, await body())), document: link.document }),
});

export const deleteTeamLink = defineOperation({
  method: "DELETE",
  path: "/api/v1/links/{code}",
  operationId: "deleteLink",
  summary: "Delete a link",
  description: "Soft delete: readers of the code get 410; its visits, leads and downloads keep counting for the document.",
  tag: "Links",
  can: "documents.write",
  params: { code: ownedLink },
  response: { status: 204, description: "Deleted" },
  handle: ({ access, params }) => deleteLink(access, params.code),
});

/** A document's links, one per recipient, and each link by its code. */
export const LINK_OPERATIONS = [listDocumentLinks, createDocumentLink, getLink, updateTeamLink, deleteTeamLink];
