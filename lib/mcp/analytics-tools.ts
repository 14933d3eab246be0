import { documentLeads } from "../analytics/document-leads";
import { documentStats } from "../analytics/document-stats";
import { documentViewers } from "../analytics/document-viewers";
import { portfolioOverview } from "../analytics/portfolio-overview";
import { resolveVersionFilter } from "../analytics/read-version";
import { resolveLinkFilter } from "../links/link-filter";
import { leadsQuery, overviewQuery, statsQuery, viewersQuery } from "../schemas/analytics";
import { DOCUMENT, documentOf } from "./targets";
import { READS, type McpTool } from "./tool";
import { argumentsSchema, queryArguments } from "./tool-arguments";

export const getDocumentStats: McpTool = {
  name: "get_document_stats",
  title: "Document statistics",
  description:
    "How one document was read: views, unique viewers, total and average reading time, average completion (0 to 1), downloads, views and average time per page, and its engagement level. Optionally only within a period (since/until), through one link (link: its code) or of one version. Same answer as GET /api/v1/documents/{short_code}/stats.",
  action: "analytics.read",
  annotations: READS,
  inputSchema: argumentsSchema(DOCUMENT, statsQuery),
  run: async (access, args) => {
    const doc = await documentOf(access, args);
    const query = queryArguments(statsQuery, args);
    return documentStats(doc, query, await resolveLinkFilter(doc, query.link), await resolveVersionFilter(doc, query.version));
  },
};

export const listDocumentReaders: McpTool = {
  name: "list_document_readers",
  title: "Readers of a document",
  description:
    "Who read one document, most engaged first: each reader's email and company domain when they passed the email gate (else anonymous), first and last visit, visits, pages viewed, completion, reading time, whether they downloaded it, and their engagement label; with pagination. Optionally through one link or of one version. Same answer as GET /api/v1/documents/{short_code}/viewers.",
  action: "analytics.read",
  annotations: READS,
  inputSchema: argumentsSchema(DOCUMENT, viewersQuery),
  run: async (access, args) => {
    const doc = await documentOf(access, args);
    const query = queryArguments(viewersQuery, args);
    const [link, version] = [await resolveLinkFilter(doc, query.link), await resolveVersionFilter(doc, query.version)];
    return documentViewers(doc, query.page, query.per_page, link, version);
  },
};

export const listDocumentLeads: McpTool = {
  name: "list_document_leads",
  title: "Leads of a document",
  description:
    "The leads one document captured through its email gate: email, name, company domain, when captured, engagement label and whether the email was verified; with pagination. Optionally within a period or through one link. Same answer as GET /api/v1/documents/{short_code}/leads.",
  action: "analytics.read",
  annotations: READS,
  inputSchema: argumentsSchema(DOCUMENT, leadsQuery),
  run: async (access, args) => {
    const doc = await documentOf(access, args);
    const query = queryArguments(leadsQuery, args);
    return documentLeads(doc, query, await resolveLinkFilter(doc, query.link));
  },
};

export const getAnalyticsOverview: McpTool = {
  name: "get_analytics_overview",
  title: "Analytics overview",
  description:
    "The whole team's reading figures: documents, total views, unique viewers, leads captured and average completion; the top 10 documents by views; and how many documents reached each engagement level. Optionally within a period (since/until, ISO 8601 dates). Same answer as GET /api/v1/analytics/overview.",
  action: "analytics.read",
  annotations: READS,
  inputSchema: argumentsSchema({}, overviewQuery),
  run: async (access, args) => {
    const period = queryArguments(overviewQuery, args);
    // The period as asked, echoed back as REST echoes the query string.
    const asked = (key: "since" | "until") => (typeof args[key] === "string" && args[key] !== "" ? args[key] : undefined);
    return portfolioOverview(access.teamId, period, { since: asked("since"), until: asked("until") });
  },
};
