import type { AppProcess } from "../../test/support/app-process";

/**
 * Runs a bench's measurements against its web process: if they throw, the process's last output is
 * printed first (why a run failed is usually there); either way the process, this process's
 * database client and the bench's database are stopped after.
 */
export async function withBenchApp(app: AppProcess, database: { stop(): Promise<void> }, measure: () => Promise<void>): Promise<void> {
  try {
    await measure();
  } catch (error) {
    console.error(`web process output:\n${app.output().slice(-4000)}`);
    throw error;
  } finally {
    app.child.kill("SIGTERM");
    await app.exited;
    // Imported here, as every bench imports it: only once the bench has pointed the config at its database.
    const { db } = await import("../../lib/db/client");
    await db.$disconnect();
    await database.stop();
  }
}
