import { defineConfig } from "prisma/config";

// Used by `prisma generate` only: migrations are applied by lib/db/migrate.ts and authored by
// scripts/db-diff.ts (Prisma 7's migrate engine cannot be downloaded here; see README).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
