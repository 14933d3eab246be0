import { createServer } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { output, run } from "./podman";

const HEALTH_TIMEOUT_MS = 120_000;

/** A port nobody listens on now, on the loopback address (the machine's ports are shared). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The image run as a container with a fresh named volume for /data, on a loopback port of the host. */
export class TrialContainer {
  private constructor(
    readonly name: string,
    readonly baseUrl: string,
  ) {}

  static async start(image: string, name: string): Promise<TrialContainer> {
    const port = await freeLoopbackPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    run("podman", ["volume", "create", name], { stdio: "ignore" });
    const publish = `127.0.0.1:${port}:3000`;
    try {
      output("podman", [
        "run",
        "--detach",
        "--name",
        name,
        "--publish",
        publish,
        "--volume",
        `${name}:/data`,
        "--env",
        `APP_URL=${baseUrl}`,
        image,
      ]);
    } catch (error) {
      output("podman", ["volume", "rm", "--force", name]);
      throw error;
    }
    return new TrialContainer(name, baseUrl);
  }

  /** Waits for /api/health to answer healthy, failing with the container's log after two minutes. */
  async waitHealthy(): Promise<void> {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const health = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        async (res) => (res.ok ? ((await res.json()) as { status?: string }).status : undefined),
        () => undefined,
      );
      if (health === "ok") return;
      if (output("podman", ["inspect", "--format", "{{.State.Running}}", this.name]) !== "true") break;
      await delay(500);
    }
    throw new Error(`${this.name} never answered healthy on ${this.baseUrl}/api/health:\n${this.logs()}`);
  }

  /**
   * Runs the image's HEALTHCHECK now and reads the status it leaves. Podman runs health checks on a
   * schedule through systemd, which these machines do not have, so the test runs it itself.
   */
  healthcheckStatus(): string {
    run("podman", ["healthcheck", "run", this.name], { stdio: "ignore" });
    return output("podman", ["inspect", "--format", "{{.State.Health.Status}}", this.name]);
  }

  exec(args: string[]): string {
    return output("podman", ["exec", this.name, ...args]);
  }

  restart(): void {
    output("podman", ["restart", this.name]);
  }

  /** SIGKILL, as a crash or an out-of-memory kill would: nothing stops cleanly. Then started again. */
  killAndStart(): void {
    output("podman", ["kill", this.name]);
    output("podman", ["wait", this.name]);
    output("podman", ["start", this.name]);
  }

  logs(): string {
    return output("sh", ["-c", 'podman logs "$1" 2>&1 | tail -n 40', "sh", this.name]);
  }

  remove(): void {
    output("podman", ["rm", "--force", "--time=0", this.name]);
    output("podman", ["volume", "rm", "--force", this.name]);
  }
}
