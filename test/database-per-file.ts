import { afterAll, beforeAll, inject } from "vitest";
import { setDatabaseUrl } from "../lib/config";
import { cloneTemplateDatabase } from "./databases";

/** Every test file runs against its own fresh copy of the migrated template database. */
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
});
