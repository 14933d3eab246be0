import { engagementObjectSchema, paginationQuery, paginationSchema, periodQuery } from "./common";
import { linkFilterParam } from "./links";
import { z } from "./zod";

/** `?version=` on a document's stats and viewers (issue 28, additive: not in docs/api-contract.md). */
export const versionFilterParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    const n = /^\d{1,7}$/.test(value) ? Number(value) : 0;
    if (n < 1) {
      ctx.addIssue({ code: "custom", message: `version must be a version number (got "${value}")` });
      return z.NEVER;
    }
    return n;
  })
  .openapi({
    param: {
      name: "version",
      in: "query",
      description:
        "Additive (not in docs/api-contract.md): only the visits of this version of the document (GET …/versions lists them), with completion against its page count and page_analytics over its pages. Without it, every version counts and page_analytics covers the current version. Not a version of the document: 400",
    },
    type: "integer",
    minimum: 1,
  });

export const statsQuery = z
  .object({ ...periodQuery.shape, link: linkFilterParam, version: versionFilterParam })
  .refine((q) => !q.since || !q.until || q.since < q.until, { message: "since must not be after until" });
export const viewersQuery = z.object({ ...paginationQuery.shape, link: linkFilterParam, version: versionFilterParam });
export const leadsQuery = z
  .object({ ...paginationQuery.shape, ...periodQuery.shape, link: linkFilterParam })
  .refine((q) => !q.since || !q.until || q.since < q.until, { message: "since must not be after until" });
export const overviewQuery = periodQuery;

export const documentStatsSchema = z
  .object({
    views: z.number().int(),
    unique_viewers: z.number().int(),
    total_time_seconds: z.number(),
    avg_time_seconds: z.number(),
    avg_completion: z.number().openapi({ description: "Fraction 0 to 1" }),
    downloads: z.number().int(),
    page_analytics: z.array(z.object({ page: z.number().int(), views: z.number().int(), avg_time_seconds: z.number() })),
    engagement_breakdown: engagementObjectSchema,
  })
  .openapi("DocumentStats");

export const viewerRecordSchema = z
  .object({
    viewer_id: z.string().openapi({ example: "anon_3fK9sLm2QpX7aB1c" }),
    email: z.string().nullable(),
    company_domain: z.string().nullable(),
    first_viewed_at: z.string().openapi({ format: "date-time" }),
    last_viewed_at: z.string().openapi({ format: "date-time" }),
    visits: z.number().int(),
    pages_viewed: z.number().int(),
    total_pages: z.number().int(),
    completion: z.number(),
    total_time_seconds: z.number(),
    downloaded: z.boolean(),
    engagement_label: z.string(),
    agreement_accepted_at: z.string().nullable().openapi({
      format: "date-time",
      description:
        "When this reader last accepted an agreement they read the document under: its own, its link's, or a room's they read it in; null: never",
    }),
  })
  .openapi("Viewer");

export const viewerListSchema = z
  .object({ viewers: z.array(viewerRecordSchema), total_viewers: z.number().int(), pagination: paginationSchema })
  .openapi("ViewerList");

export const leadRecordSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    company_domain: z.string(),
    captured_at: z.string().openapi({ format: "date-time" }),
    engagement_label: z.string(),
    verified: z.boolean().openapi({ description: "The reader proved the email with a one-time code (verify_email)" }),
  })
  .openapi("Lead");

export const leadListSchema = z.object({ leads: z.array(leadRecordSchema), pagination: paginationSchema }).openapi("LeadList");

export const overviewSchema = z
  .object({
    period: z.object({ since: z.string().nullable(), until: z.string().nullable() }),
    totals: z.object({
      documents: z.number().int(),
      total_views: z.number().int(),
      unique_viewers: z.number().int(),
      leads_captured: z.number().int(),
      avg_completion: z.number(),
    }),
    top_documents: z.array(
      z.object({ short_code: z.string(), title: z.string(), views: z.number().int(), completion: z.number(), leads: z.number().int() }),
    ),
    engagement_breakdown: z.object({
      high_interest: z.number().int(),
      read: z.number().int(),
      skimmed: z.number().int(),
      opened: z.number().int(),
      not_opened: z.number().int(),
    }),
  })
  .openapi("PortfolioAnalytics");
