import pino from "pino";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { z } from "zod";
import { databaseUrl } from "../config";
import { ApiError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { parseFields, parseQuery } from "./parse";
import { errorResponse } from "./respond";

const settings = z.strictObject({
  title: z.string().max(5, "title must be at most 5 characters"),
  gate_page: z.number().int().min(1, "gate_page must be at least 1"),
});

describe("errorResponse, the one place errors become responses", () => {
  it("answers a database too busy to hand out a connection in time as 503 with Retry-After, not 500", async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1, connectionTimeoutMillis: 1_000 });
    const held = await pool.connect();
    try {
      const busy = await pool.query("SELECT 1").catch((error: unknown) => error);
      const response = errorResponse(busy, "req-busy");
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("2");
      expect(await response.json()).toMatchObject({ error: { code: "service_unavailable" } });
    } finally {
      held.release();
      await pool.end();
    }
  });

  it("answers an ApiError in the envelope with its status and headers", async () => {
    const response = errorResponse(new ApiError("rate_limited", "Slow down.", { headers: { "Retry-After": "7" } }), "req-1", {
      "X-Request-Id": "req-1",
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("7");
    expect(response.headers.get("X-Request-Id")).toBe("req-1");
    expect(await response.json()).toEqual({ error: { code: "rate_limited", message: "Slow down." } });
  });

  it("names each invalid field in error.fields as well as in the message", async () => {
    let thrown: unknown;
    try {
      parseFields(settings, { title: "far too long", gate_page: 0, colour: "red" });
    } catch (error) {
      thrown = error;
    }
    const body = await errorResponse(thrown, "req-2").json();
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toContain("title must be at most 5 characters");
    expect(body.error.fields).toEqual({
      title: "title must be at most 5 characters",
      gate_page: "gate_page must be at least 1",
      colour: "Unknown field",
    });
  });

  it("answers bad query parameters with 400 and the parameter's name", async () => {
    const query = z.object({ page: z.coerce.number().int().min(1, "page must be at least 1") });
    let thrown: unknown;
    try {
      parseQuery(query, new Request("http://localhost/api/v1/documents?page=0"));
    } catch (error) {
      thrown = error;
    }
    const response = errorResponse(thrown, "req-3");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: "bad_request",
      message: "page must be at least 1",
      fields: { page: "page must be at least 1" },
    });
  });

  it("leaves fields out of errors that are not about fields", async () => {
    const body = await errorResponse(new ApiError("not_found", "Document not found"), "req-4").json();
    expect(body).toEqual({ error: { code: "not_found", message: "Document not found" } });
  });

  it("answers a zod failure that escaped validation as 422, and a row removed mid-request as 404", async () => {
    const zodFailure = settings.safeParse({ title: 1, gate_page: 1 }).error;
    expect(errorResponse(zodFailure, "req-5").status).toBe(422);
    const vanished = new Prisma.PrismaClientKnownRequestError("Record to update not found.", { code: "P2025", clientVersion: "test" });
    expect(errorResponse(vanished, "req-6").status).toBe(404);
  });

  it("answers anything else as a 500 naming the request id, without the cause", async () => {
    // The process's logger (lib/log/logger.ts keeps it on globalThis), writing where the test reads.
    const lines: string[] = [];
    const global = globalThis as { pagewiseLogger?: unknown };
    const kept = global.pagewiseLogger;
    global.pagewiseLogger = pino({ base: null }, { write: (line: string) => lines.push(line) });
    const response = errorResponse(new Error('relation "documents" does not exist'), "req-7");
    global.pagewiseLogger = kept;
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain("req-7");
    expect(text).not.toContain("relation");
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: "req-7", err: { message: 'relation "documents" does not exist' } });
  });
});
