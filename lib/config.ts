import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting Pagewise reads from the environment, parsed once. Nothing else reads process.env.
 * The README and .env.example list the same variables with the same defaults.
 */

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"]))
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const port = z.coerce.number().int().min(1).max(65535);

/** UploadThing's token decoded, or null when it is not one: base64 JSON of { apiKey: "sk_…", appId, regions }. */
export function decodeUploadThingToken(token: string): { apiKey: string; appId: string } | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { apiKey?: unknown; appId?: unknown; regions?: unknown };
    const valid =
      typeof parsed.apiKey === "string" &&
      parsed.apiKey.startsWith("sk_") &&
      typeof parsed.appId === "string" &&
      Array.isArray(parsed.regions);
    return valid ? { apiKey: parsed.apiKey as string, appId: parsed.appId as string } : null;
  } catch {
    return null;
  }
}

const uploadthingToken = z
  .string()
  .refine(
    (token) => decodeUploadThingToken(token) !== null,
    "must be the base64 token from UploadThing's dashboard ({ apiKey, appId, regions })",
  );

/** The upload limit a deployment has unless MAX_UPLOAD_MB says otherwise; the OpenAPI document quotes it. */
export const DEFAULT_MAX_UPLOAD_MB = 100;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  EMBEDDED_PG_PORT: port.default(54329),
  APP_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  PORT: port.default(3000),
  /** Proxies in front of the app that append to X-Forwarded-For; `true`/`false` mean 1/0. */
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === "true" ? "1" : v === "false" ? "0" : v))
    .pipe(z.coerce.number<string>().int().min(0).max(10))
    .default(0),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(4096).default(DEFAULT_MAX_UPLOAD_MB),
  MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
  PDF_WORKERS: z.coerce.number().int().min(2, "must be at least 2: one worker is always kept for the owner's uploads").max(64).default(2),
  PDF_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(16),
  /** Of PDF_WORKERS, how many may watermark readers' downloads at once (fewer than PDF_WORKERS). */
  PDF_PUBLIC_WORKERS: z.coerce.number().int().min(1).max(63).default(1),
  PDF_PUBLIC_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(8),
  /** Watermarked copies kept under DATA_DIR/watermark-cache, least recently served removed first. */
  WATERMARK_CACHE_MB: z.coerce.number().int().min(0).max(1_048_576).default(512),
  /** Readers' watermarked page images kept under DATA_DIR/watermark-page-cache, least recently served removed first. */
  WATERMARK_IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(1_048_576).default(256),
  PDF_WORKER_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).default(768),
  PAUSE_AT: optionalString,
  ORPHAN_GRACE_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  PDF_WORKER_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** The LibreOffice binary converting office files; unset: `soffice` (or `libreoffice`) on PATH. None: office files are refused. */
  LIBREOFFICE_PATH: optionalString,
  /** Office conversions at once (each one LibreOffice process), beside the PDF workers; more wait, up to the queue limit, then 503. */
  OFFICE_CONVERSION_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  OFFICE_CONVERSION_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(4),
  OFFICE_CONVERSION_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** A conversion's address space (ulimit -v); LibreOffice maps far more than it touches, so this is well above its resident memory. */
  OFFICE_CONVERSION_MEMORY_MB: z.coerce.number().int().min(512).max(65_536).default(3072),
  /** The largest PDF a conversion may write (ulimit -f). */
  OFFICE_CONVERSION_OUTPUT_MB: z.coerce.number().int().min(1).max(4096).default(200),
  /** The most an office file's ZIP may unpack to, in all. */
  OFFICE_MAX_UNCOMPRESSED_MB: z.coerce.number().int().min(1).max(16_384).default(200),
  /** Unset: `uploadthing` when UPLOADTHING_TOKEN is set, otherwise `local`. */
  STORAGE_DRIVER: optionalString.pipe(z.enum(["local", "s3", "uploadthing"]).optional()),
  STORAGE_DIR: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** UploadThing's base64 token ({ apiKey, appId, regions }) from its dashboard. */
  UPLOADTHING_TOKEN: optionalString.pipe(uploadthingToken.optional()),
  /** UploadThing's own endpoints, overridable for a regional ingest host or a stand-in under test. */
  UPLOADTHING_API_URL: optionalString.pipe(z.url().optional()),
  UPLOADTHING_INGEST_URL: optionalString.pipe(z.url().optional()),
  UPLOADTHING_UFS_HOST: optionalString,
  UPLOADTHING_UFS_APP_ID_LOCATION: optionalString.pipe(z.enum(["subdomain", "path"]).optional()),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  SMTP_FROM: z.string().trim().default("Pagewise <no-reply@localhost>"),
  NOTIFY_DIGEST_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_DEV: bool.default(false),
  INNGEST_BASE_URL: optionalString.pipe(z.url().optional()),
  ALLOW_PRIVATE_WEBHOOK_URLS: bool.default(false),
  ALLOW_HTTP_WEBHOOKS: bool.default(false),
  /** Unset: open until the first account exists, then invite-only (see signupPolicy). */
  SIGNUP: optionalString.pipe(z.enum(["open", "invite", "closed"]).optional()),
  PASSWORD_HASH_CONCURRENCY: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(256).optional()),
  PASSWORD_HASH_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Unset: /metrics answers 404. Set: Prometheus scrapes /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Node's own setting, read (never set) to size the password-hashing gate. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
});

type Parsed = z.infer<typeof schema>;

export type Config = Omit<Parsed, "AUTH_SECRET" | "STORAGE_DIR" | "PASSWORD_HASH_CONCURRENCY" | "STORAGE_DRIVER"> & {
  STORAGE_DRIVER: "local" | "s3" | "uploadthing";
  AUTH_SECRET: string;
  STORAGE_DIR: string;
  PASSWORD_HASH_CONCURRENCY: number;
  /** True when no DATABASE_URL is given and `npm start` runs an embedded PostgreSQL. */
  embeddedDatabase: boolean;
  inngestEnabled: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment; throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(present[String(issue.path[0])])})`,
      ),
    );
  }
  const parsed = result.data;
  const storageDriver = parsed.STORAGE_DRIVER ?? (parsed.UPLOADTHING_TOKEN ? "uploadthing" : "local");
  if (storageDriver === "s3" && !parsed.S3_BUCKET) {
    throw new ConfigError(["S3_BUCKET: required when STORAGE_DRIVER=s3"]);
  }
  if (storageDriver === "uploadthing" && !parsed.UPLOADTHING_TOKEN) {
    throw new ConfigError(["UPLOADTHING_TOKEN: required when STORAGE_DRIVER=uploadthing"]);
  }
  if (parsed.PDF_PUBLIC_WORKERS >= parsed.PDF_WORKERS) {
    throw new ConfigError([
      `PDF_PUBLIC_WORKERS: must be less than PDF_WORKERS (${parsed.PDF_WORKERS}), so the owner's uploads always have a worker (got ${parsed.PDF_PUBLIC_WORKERS})`,
    ]);
  }
  const dataDir = path.resolve(/*turbopackIgnore: true*/ parsed.DATA_DIR);
  return {
    ...parsed,
    STORAGE_DRIVER: storageDriver,
    DATA_DIR: dataDir,
    STORAGE_DIR: path.resolve(/*turbopackIgnore: true*/ parsed.STORAGE_DIR ?? path.join(dataDir, "storage")),
    AUTH_SECRET: parsed.AUTH_SECRET ?? persistedAuthSecret(dataDir),
    PASSWORD_HASH_CONCURRENCY: parsed.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency(parsed.UV_THREADPOOL_SIZE),
    embeddedDatabase: !parsed.DATABASE_URL,
    inngestEnabled: Boolean(parsed.INNGEST_EVENT_KEY || parsed.INNGEST_SIGNING_KEY || parsed.INNGEST_DEV),
  };
}

/**
 * Password hashes run on libuv's thread pool, which file reads, DNS lookups and zlib share: two
 * threads stay free for them, and running more hashes than there are cores only slows each one.
 */
function defaultHashConcurrency(threadPoolSize: number): number {
  return Math.max(1, Math.min(availableParallelism(), threadPoolSize - 2));
}

/** Sessions must survive restarts, so a generated secret is kept under the data directory. */
function persistedAuthSecret(dataDir: string): string {
  const file = path.join(/*turbopackIgnore: true*/ dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs, so every process signs with one secret.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Parses the environment again (tests that change a setting). */
export function reloadConfig() {
  cached = undefined;
}

/** Points this process at a database chosen at start-up (the embedded one, or a test database). */
export function setDatabaseUrl(url: string) {
  process.env.DATABASE_URL = url;
  cached = undefined;
}

/** The URL the app uses for the database; only valid once start-up has settled DATABASE_URL. */
export function databaseUrl(): string {
  const url = config().DATABASE_URL;
  if (!url) throw new ConfigError(["DATABASE_URL: not set (start the app with `npm start`, which provides one)"]);
  return url;
}
