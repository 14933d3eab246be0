import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "pagewise-config-"));

describe("parseConfig", () => {
  it("runs on defaults with an embedded database when nothing is set", () => {
    const cfg = parseConfig({ DATA_DIR: dataDir() });
    expect(cfg.embeddedDatabase).toBe(true);
    expect(cfg.APP_URL).toBe("http://localhost:3000");
    expect(cfg.PORT).toBe(3000);
    expect(cfg.MAX_UPLOAD_MB).toBe(100);
    expect(cfg.STORAGE_DRIVER).toBe("local");
    expect(cfg.STORAGE_DIR).toBe(path.join(cfg.DATA_DIR, "storage"));
    expect(cfg.ALLOW_PRIVATE_WEBHOOK_URLS).toBe(false);
    expect(cfg.inngestEnabled).toBe(false);
    expect(cfg.RETENTION_DAYS).toBe(90);
    expect(cfg.NOTIFY_DIGEST_MINUTES).toBe(5);
  });

  it("generates AUTH_SECRET once and keeps it under the data directory", () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
  });

  it("uses DATABASE_URL when given and trims a trailing slash from APP_URL", () => {
    const cfg = parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u:p@db:5432/app", APP_URL: "https://docs.example.com/" });
    expect(cfg.embeddedDatabase).toBe(false);
    expect(cfg.APP_URL).toBe("https://docs.example.com");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["MAX_UPLOAD_MB", "-1"],
    ["DATABASE_URL", "mysql://x"],
    ["APP_URL", "not a url"],
    ["ALLOW_HTTP_WEBHOOKS", "maybe"],
    ["STORAGE_DRIVER", "ftp"],
    ["AUTH_SECRET", "short"],
    ["RETENTION_DAYS", "0"],
    ["RETENTION_DAYS", "1.5"],
    ["NOTIFY_DIGEST_MINUTES", "0"],
    ["NOTIFY_DIGEST_MINUTES", "2.5"],
    ["SIGNUP", "everyone"],
    ["PASSWORD_HASH_CONCURRENCY", "0"],
    ["PASSWORD_HASH_QUEUE_LIMIT", "-1"],
  ])("refuses a bad %s and names it", (name, value) => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("reads TRUST_PROXY as a number of proxies, with true and false meaning 1 and 0", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(0);
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(() => parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY:/);
  });

  it("leaves SIGNUP unset by default (open until the first account, then invite-only) and takes open, invite or closed", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).SIGNUP).toBeUndefined();
    for (const value of ["open", "invite", "closed"] as const)
      expect(parseConfig({ DATA_DIR: dataDir(), SIGNUP: value }).SIGNUP).toBe(value);
  });

  it("sizes password hashing from the cores and libuv's thread pool, leaving two pool threads for the rest", () => {
    const cores = availableParallelism();
    expect(parseConfig({ DATA_DIR: dataDir() }).PASSWORD_HASH_CONCURRENCY).toBe(Math.max(1, Math.min(cores, 2)));
    expect(parseConfig({ DATA_DIR: dataDir(), UV_THREADPOOL_SIZE: "3" }).PASSWORD_HASH_CONCURRENCY).toBe(1);
    expect(parseConfig({ DATA_DIR: dataDir(), UV_THREADPOOL_SIZE: "64" }).PASSWORD_HASH_CONCURRENCY).toBe(Math.min(cores, 62));
    expect(parseConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_CONCURRENCY: "5" }).PASSWORD_HASH_CONCURRENCY).toBe(5);
    expect(parseConfig({ DATA_DIR: dataDir() }).PASSWORD_HASH_QUEUE_LIMIT).toBe(32);
  });

  it("keeps at least one PDF worker out of readers' watermarks", () => {
    const cfg = parseConfig({ DATA_DIR: dataDir() });
    expect([cfg.PDF_WORKERS, cfg.PDF_PUBLIC_WORKERS, cfg.PDF_PUBLIC_QUEUE_LIMIT, cfg.WATERMARK_CACHE_MB]).toEqual([2, 1, 8, 512]);
    expect(() => parseConfig({ DATA_DIR: dataDir(), PDF_WORKERS: "1" })).toThrow(/PDF_WORKERS: must be at least 2/);
    expect(() => parseConfig({ DATA_DIR: dataDir(), PDF_WORKERS: "3", PDF_PUBLIC_WORKERS: "3" })).toThrow(
      /PDF_PUBLIC_WORKERS: must be less than PDF_WORKERS \(3\)/,
    );
    expect(parseConfig({ DATA_DIR: dataDir(), PDF_WORKERS: "4", PDF_PUBLIC_WORKERS: "3" }).PDF_PUBLIC_WORKERS).toBe(3);
  });

  it("requires S3_BUCKET with the s3 storage driver", () => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET/);
  });

  it("stores on UploadThing when its token is set, unless another driver is named", () => {
    const token = Buffer.from(JSON.stringify({ apiKey: "sk_live_x", appId: "app", regions: ["sea1"] })).toString("base64");
    expect(parseConfig({ DATA_DIR: dataDir(), UPLOADTHING_TOKEN: token }).STORAGE_DRIVER).toBe("uploadthing");
    expect(parseConfig({ DATA_DIR: dataDir(), UPLOADTHING_TOKEN: token, STORAGE_DRIVER: "local" }).STORAGE_DRIVER).toBe("local");
    expect(() => parseConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: "uploadthing" })).toThrow(/UPLOADTHING_TOKEN: required/);
    expect(() => parseConfig({ DATA_DIR: dataDir(), UPLOADTHING_TOKEN: "not-a-token" })).toThrow(
      /UPLOADTHING_TOKEN: must be the base64 token/,
    );
  });
});
