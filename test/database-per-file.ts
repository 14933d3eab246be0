import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { reloadConfig, setDatabaseUrl } from "../lib/config";
import { cloneTemplateDatabase } from "./databases";

/**
 * Every test file runs against its own fresh copy of the migrated template database and in a data
 * directory of its own (storage, scratch files, caches), so files run side by side without seeing
 * each other's rows or files.
 */
const dataDir = path.join(process.env.DATA_DIR ?? ".data/vitest", "files", randomBytes(6).toString("hex"));
process.env.DATA_DIR = dataDir;
reloadConfig();

let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const database = await cloneTemplateDatabase(inject("adminDatabaseUrl"));
  drop = database.drop;
  setDatabaseUrl(database.url);
});

afterAll(async () => {
  const { db } = await import("../lib/db/client");
  await db.$disconnect();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});
