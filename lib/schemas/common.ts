import { ERROR_STATUS, type ErrorCode, type FieldProblems } from "../errors";
import { ENGAGEMENT_KEYS } from "../rules/engagement";
import { z } from "./zod";

/** Query parameters arrive as strings; these turn them into values or a clear message. */

const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be an integer from ${min} to ${max} (got "${value}")` });
        return z.NEVER;
      }
      return n;
    });

export const pageParam = integer("page", 1, 1_000_000, 1).openapi({
  param: { name: "page", in: "query", description: "Page number, from 1" },
  type: "integer",
  minimum: 1,
  default: 1,
});

export const perPageParam = integer("per_page", 1, 100, 20).openapi({
  param: { name: "per_page", in: "query", description: "Results per page, 1 to 100" },
  type: "integer",
  minimum: 1,
  maximum: 100,
  default: 20,
});

export const paginationQuery = z.object({ page: pageParam, per_page: perPageParam });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A date (`2026-01-31`) or date-time; as `until`, a date includes that whole UTC day. */
const instant = (name: "since" | "until") =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      const isDate = DATE.test(value);
      const parsed = isDate ? new Date(`${value}T00:00:00.000Z`) : DATE_TIME.test(value) ? new Date(value) : new Date(NaN);
      const year = parsed.getUTCFullYear();
      if (Number.isNaN(parsed.getTime()) || year < 1900 || year > 9999 || (isDate && parsed.toISOString().slice(0, 10) !== value)) {
        ctx.addIssue({ code: "custom", message: `${name} must be an ISO 8601 date (2026-01-31) or date-time (got "${value}")` });
        return z.NEVER;
      }
      // `until` is exclusive internally: the day after a date, or just past a date-time.
      if (name === "until") return new Date(parsed.getTime() + (isDate ? 86_400_000 : 1));
      return parsed;
    })
    .openapi({
      param: {
        name,
        in: "query",
        description:
          name === "since"
            ? "Only activity on or after this ISO 8601 date or date-time"
            : "Only activity up to this ISO 8601 date (the whole day, UTC) or date-time",
      },
      type: "string",
      example: "2026-01-31",
    });

/** `{ since, until }` with `until` exclusive; refuses since after until. */
export const periodQuery = z
  .object({ since: instant("since"), until: instant("until") })
  .refine((p) => !p.since || !p.until || p.since < p.until, { message: "since must not be after until" });

export type Period = z.infer<typeof periodQuery>;

export const engagementKey = z.enum(ENGAGEMENT_KEYS);

export const paginationSchema = z
  .object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  })
  .openapi("Pagination");

export function pagination(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/** The error envelope of every answer that is not a success, stated once: its schema is its type. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().openapi({
        description: "On validation errors that name fields: each field's first problem, by its name as sent (`settings.gate_page`)",
      }),
    }),
  })
  .openapi("Error", { example: { error: { code: "not_found", message: "Document not found" } } });

export type ErrorBody = z.output<typeof errorSchema>;

/** The envelope for an error; `fields` is added only to validation errors that name fields. */
export function errorBody(code: ErrorCode, message: string, fields?: FieldProblems): ErrorBody {
  return { error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) } };
}

export const engagementObjectSchema = z
  .object({ label: z.string(), type: z.string() })
  .openapi("Engagement", { example: { label: "High Interest", type: "hot" } });

export const shortCodeParam = z
  .string()
  .openapi({ param: { name: "short_code", in: "path", description: "`s-<code>` or the bare `<code>`" }, example: "s-k3j9x0q2ab" });
