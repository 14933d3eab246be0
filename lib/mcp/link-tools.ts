import { createLink } from "../links/create-link";
import { NO_FIGURES } from "../links/link-figures";
import { listLinks } from "../links/list-links";
import { serializeLink } from "../links/serialize-link";
import { createLinkSchema, listLinksQuery } from "../schemas/links";
import { DOCUMENT, documentOf } from "./targets";
import { ADDS, READS, type McpTool } from "./tool";
import { argumentsSchema, bodyArguments, queryArguments } from "./tool-arguments";

export const listDocumentLinks: McpTool = {
  name: "list_links",
  title: "Links of a document",
  description:
    "The share links made for one document, one per recipient: code, URL, name, whether active, the settings readers get and which of them the link overrides, and its own views and readers; with pagination. Same answer as GET /api/v1/documents/{short_code}/links.",
  action: "documents.read",
  annotations: READS,
  inputSchema: argumentsSchema(DOCUMENT, listLinksQuery),
  run: async (access, args) => {
    const doc = await documentOf(access, args);
    const query = queryArguments(listLinksQuery, args);
    return listLinks(doc, query.page, query.per_page);
  },
};

export const createDocumentLink: McpTool = {
  name: "create_link",
  title: "Create a share link",
  description:
    "Make a new share link to one document for one recipient (name, e.g. “Sequoia — Jane”), with its own code and URL and its own reading analytics. settings overrides the document's for this link only: email_gate, gate_type, gate_page, allow_download, block_free_emails, password, expires_at, verify_email, allow, block, watermark, agreement; a setting left out follows the document. Answers the new link, as POST /api/v1/documents/{short_code}/links does.",
  action: "documents.write",
  annotations: ADDS,
  inputSchema: argumentsSchema(DOCUMENT, createLinkSchema),
  run: async (access, args) => {
    const doc = await documentOf(access, args);
    const link = await createLink(access, doc, bodyArguments(createLinkSchema, args, Object.keys(DOCUMENT)));
    return serializeLink(link, doc, NO_FIGURES);
  },
};
