// Configuration for the Prisma 6.19 CLI used only to author migrations and check drift
// (scripts/db-diff.ts). Its WebAssembly schema engine runs through this driver adapter, so no
// native engine has to be downloaded. Fixes recorded in docs/stack-notes.md are applied here.
import path from "node:path";
import pg from "pg";
import Result from "pg/lib/result.js";
import { defineConfig } from "prisma6/config";
import { PrismaPg } from "prisma6-adapter-pg";

// The 6.19 adapter cannot read the catalog types `name` and `"char"`; they are text to it.
const TEXT_OID = { 19: 25, 18: 25, 1003: 1009, 1002: 1009 };
const addFields = Result.prototype.addFields;
Result.prototype.addFields = function (fields) {
  for (const field of fields) field.dataTypeID = TEXT_OID[field.dataTypeID] ?? field.dataTypeID;
  return addFields.call(this, fields);
};

// Pool settings built from fields, not a connection string: with a connection string the adapter's
// shadow database silently becomes the main one.
const url = new URL(process.env.PRISMA6_TARGET_URL);
const poolConfig = {
  host: url.hostname,
  port: Number(url.port || 5432),
  user: decodeURIComponent(url.username),
  password: decodeURIComponent(url.password),
  database: url.pathname.slice(1),
};
const shadowDatabase = process.env.PRISMA6_SHADOW_DATABASE;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: process.env.PRISMA6_SCHEMA,
  migrations: { path: path.resolve(import.meta.dirname, "../migrations") },
  async adapter() {
    const factory = new PrismaPg(poolConfig);
    // scripts/db-diff.ts creates and drops the shadow database itself; the adapter's own cleanup leaks them.
    factory.connectToShadowDb = () => new PrismaPg(new pg.Pool({ ...poolConfig, database: shadowDatabase })).connect();
    return factory;
  },
});
