import pino, { type Logger } from "pino";
import { config } from "../config";

/**
 * The process's one JSON logger: one object a line on stdout, at LOG_LEVEL. On globalThis because
 * Next bundles each route apart and every copy must write through the same stream. Fields that can
 * carry a secret are censored wherever they appear in a logged object; a reader's email is never
 * passed in (log `emailHash` instead).
 */
const REDACTED_FIELDS = [
  "password",
  "passwordHash",
  "token",
  "secret",
  "apiKey",
  "authorization",
  "cookie",
  "set-cookie",
  "email",
  "toAddress",
];

/**
 * An error as a log line keeps it: its kind, message, code and stack. Not its other fields, which
 * can hold a whole database client or request with their credentials.
 */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(typeof code === "string" ? { code } : {}), stack: error.stack };
}

const globalForLog = globalThis as unknown as { pagewiseLogger?: Logger };

function root(): Logger {
  globalForLog.pagewiseLogger ??= pino({
    level: config().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: errorFields },
    redact: { paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]), censor: "[redacted]" },
  });
  return globalForLog.pagewiseLogger;
}

/**
 * A logger whose lines name the part of Pagewise that wrote them (`scope`). Made on first use, not
 * when a module declares it: importing a module (as `next build` does) reads no settings.
 */
export function logger(scope: string): Logger {
  let child: Logger | undefined;
  return new Proxy({} as Logger, {
    get(_target, property) {
      child ??= root().child({ scope });
      const value: unknown = Reflect.get(child, property, child);
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}
