import { documentLeads } from "../analytics/document-leads";
import { documentStats } from "../analytics/document-stats";
import { documentViewers } from "../analytics/document-viewers";
import { portfolioOverview } from "../analytics/portfolio-overview";
import { resolveVersionFilter } from "../analytics/read-version";
import { resolveLinkFilter } from "../links/link-filter";
import {
  documentStatsSchema,
  leadListSchema,
  leadsQuery,
  overviewQuery,
  overviewSchema,
  statsQuery,
  viewerListSchema,
  viewersQuery,
} from "../schemas/analytics";
import { ENGAGEMENT_HOT, READ_AT, READER, SHORT_CODE, TITLE, type Out, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import { ownedDocument } from "./path-params";
import { READS } from "./tool-hints";

const documentStatsExample = {
  views: 42,
  unique_viewers: 17,
  total_time_seconds: 3150.5,
  avg_time_seconds: 75.01,
  avg_completion: 0.6842,
  downloads: 3,
  page_analytics: [
    { page: 1, views: 42, avg_time_seconds: 12.4 },
    { page: 2, views: 35, avg_time_seconds: 9.8 },
    { page: 3, views: 30, avg_time_seconds: 21.05 },
  ],
  engagement_breakdown: ENGAGEMENT_HOT,
} satisfies Out<typeof documentStatsSchema>;

const viewerListExample = {
  viewers: [
    {
      viewer_id: "anon_3fK9sLm2QpX7aB1c",
      ...READER,
      first_viewed_at: READ_AT,
      last_viewed_at: "2026-01-18T08:12:40.000Z",
      visits: 3,
      pages_viewed: 12,
      total_pages: 12,
      completion: 1,
      total_time_seconds: 412.5,
      downloaded: true,
      engagement_label: "High Interest",
      agreement_accepted_at: null,
    },
  ],
  total_viewers: 1,
  pagination: pagination(1),
} satisfies Out<typeof viewerListSchema>;

const leadListExample = {
  leads: [{ ...READER, name: "Jane Doe", captured_at: READ_AT, engagement_label: "High Interest", verified: false }],
  pagination: pagination(1),
} satisfies Out<typeof leadListSchema>;

const overviewExample = {
  period: { since: "2026-01-01", until: null },
  totals: { documents: 8, total_views: 240, unique_viewers: 96, leads_captured: 31, avg_completion: 0.57 },
  top_documents: [{ short_code: SHORT_CODE, title: TITLE, views: 42, completion: 0.6842, leads: 5 }],
  engagement_breakdown: { high_interest: 12, read: 20, skimmed: 30, opened: 14, not_opened: 20 },
} satisfies Out<typeof overviewSchema>;

export const getDocumentStats = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}/stats",
  operationId: "getDocumentStats",
  summary: "Document statistics",
  tag: "Analytics",
  can: "analytics.read",
  params: { short_code: ownedDocument },
  query: statsQuery,
  response: {
    status: 200,
    description: "Statistics, one page_analytics row per page",
    schema: documentStatsSchema,
    example: documentStatsExample,
  },
  errors: [400],
  handle: async ({ params: { short_code: doc }, query }) =>
    documentStats(doc, query, await resolveLinkFilter(doc, query.link), await resolveVersionFilter(doc, query.version)),
  mcp: {
    name: "get_document_stats",
    title: "Document statistics",
    description:
      "How one document was read: views, unique viewers, total and average reading time, average completion (0 to 1), downloads, views and average time per page, and its engagement level. Optionally only within a period (since/until), through one link (link: its code) or of one version. Same answer as GET /api/v1/documents/{short_code}/stats.",
    annotations: READS,
  },
});

export const listDocumentViewers = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}/viewers",
  operationId: "listDocumentViewers",
  summary: "A document's viewers, most engaged first",
  tag: "Analytics",
  can: "analytics.read",
  params: { short_code: ownedDocument },
  query: viewersQuery,
  response: { status: 200, description: "Viewers", schema: viewerListSchema, example: viewerListExample },
  errors: [400],
  handle: async ({ params: { short_code: doc }, query }) => {
    const [link, version] = [await resolveLinkFilter(doc, query.link), await resolveVersionFilter(doc, query.version)];
    return documentViewers(doc, query.page, query.per_page, link, version);
  },
  mcp: {
    name: "list_document_readers",
    title: "Readers of a document",
    description:
      "Who read one document, most engaged first: each reader's email and company domain when they passed the email gate (else anonymous), first and last visit, visits, pages viewed, completion, reading time, whether they downloaded it, and their engagement label; with pagination. Optionally through one link or of one version. Same answer as GET /api/v1/documents/{short_code}/viewers.",
    annotations: READS,
  },
});

export const listDocumentLeads = defineOperation({
  method: "GET",
  path: "/api/v1/documents/{short_code}/leads",
  operationId: "listDocumentLeads",
  summary: "Leads captured through the email gate, newest first",
  tag: "Analytics",
  can: "analytics.read",
  params: { short_code: ownedDocument },
  query: leadsQuery,
  response: { status: 200, description: "Leads", schema: leadListSchema, example: leadListExample },
  errors: [400],
  handle: async ({ params: { short_code: doc }, query }) => documentLeads(doc, query, await resolveLinkFilter(doc, query.link)),
  mcp: {
    name: "list_document_leads",
    title: "Leads of a document",
    description:
      "The leads one document captured through its email gate: email, name, company domain, when captured, engagement label and whether the email was verified; with pagination. Optionally within a period or through one link. Same answer as GET /api/v1/documents/{short_code}/leads.",
    annotations: READS,
  },
});

export const getAnalyticsOverview = defineOperation({
  method: "GET",
  path: "/api/v1/analytics/overview",
  operationId: "getAnalyticsOverview",
  summary: "Portfolio analytics",
  tag: "Analytics",
  can: "analytics.read",
  query: overviewQuery,
  response: {
    status: 200,
    description: "Totals, top documents and engagement breakdown",
    schema: overviewSchema,
    example: overviewExample,
  },
  errors: [400],
  // The period as asked, echoed back as sent.
  handle: ({ access, query, given }) => portfolioOverview(access.teamId, query, { since: given("since"), until: given("until") }),
  mcp: {
    name: "get_analytics_overview",
    title: "Analytics overview",
    description:
      "The whole team's reading figures: documents, total views, unique viewers, leads captured and average completion; the top 10 documents by views; and how many documents reached each engagement level. Optionally within a period (since/until, ISO 8601 dates). Same answer as GET /api/v1/analytics/overview.",
    annotations: READS,
  },
});

/** A document's statistics, viewers and leads, and the team's overview. */
export const ANALYTICS_OPERATIONS = [getDocumentStats, listDocumentViewers, listDocumentLeads, getAnalyticsOverview];
