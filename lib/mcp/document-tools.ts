import { listDocuments } from "../documents/list-documents";
import { serializeDocument } from "../documents/serialize";
import { listDocumentsQuery } from "../schemas/documents";
import { DOCUMENT, documentOf } from "./targets";
import { READS, type McpTool } from "./tool";
import { argumentsSchema, queryArguments } from "./tool-arguments";

export const searchDocuments: McpTool = {
  name: "search_documents",
  title: "Search documents",
  description:
    "List the team's documents, newest first unless sorted otherwise, each with its short code, link URL, page count, views, unique viewers, leads and engagement summary; with pagination. Filter by a title substring (search), by the engagement of the most engaged reader, by whether it has leads, or by creation date (since/until). Use it to find a document's short_code for the other tools. Same answer as GET /api/v1/documents.",
  action: "documents.read",
  annotations: READS,
  inputSchema: argumentsSchema({}, listDocumentsQuery),
  run: (access, args) => listDocuments(access.teamId, queryArguments(listDocumentsQuery, args)),
};

export const getDocument: McpTool = {
  name: "get_document",
  title: "Get a document",
  description:
    "One document by its short code (s-<code>): title, link URL, page count, original file name, creation time, whether it is active, and its sharing settings (email gate, gate page, download, password set, expiry, allow/block lists, watermark, agreement). Same answer as GET /api/v1/documents/{short_code}.",
  action: "documents.read",
  annotations: READS,
  inputSchema: argumentsSchema(DOCUMENT),
  run: async (access, args) => serializeDocument(await documentOf(access, args)),
};
