import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Next resolves server-only to its empty module on the server; tests run server code only.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["{lib,scripts,app,inngest,components}/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/database-per-file.ts"],
    pool: "forks",
    // Test files spend much of their time waiting (PostgreSQL, PDF worker processes, sockets), so
    // three run at once on CI's two cores; each has its own database and data directory.
    maxWorkers: 3,
    // next-auth imports `next/server` without a file extension, which Node's ESM loader refuses;
    // processed by Vite instead, it loads, and tests can drive its HTTP handlers.
    server: { deps: { inline: ["next-auth"] } },
    env: { DATA_DIR: ".data/vitest", ALLOW_PRIVATE_WEBHOOK_URLS: "true", ALLOW_HTTP_WEBHOOKS: "true" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
