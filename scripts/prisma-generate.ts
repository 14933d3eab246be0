import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

// `prisma generate` does not need the schema engine, but tries to download it unless told where
// it is. /bin/false (never /bin/true, which would make `migrate deploy` a silent no-op).
const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate", "--no-hints"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);
