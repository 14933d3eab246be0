/**
 * `npm run test:container`: builds the project's Dockerfile with podman, unchanged, and runs the
 * image as an operator would (issue 46). Both images are built (the default and `--target office`,
 * with LibreOffice) and their sizes printed; the default must stay within 600 MB. Each is run with
 * a fresh volume on a free loopback port: healthy (/api/health and the image's HEALTHCHECK), an
 * account and an API key made by the CLI inside it, a PDF uploaded through the API, a share link
 * read (its page and a page image), a .docx converted (office image) or refused saying why
 * (default image); then the default container is restarted, and killed and started again, and the
 * same link must still read from the data kept on its volume.
 *
 * No registry is reachable from CI, so the base image is a stand-in built from Debian and npm when
 * missing (scripts/container/stand-in-base.ts). Containers and volumes are removed at the end,
 * also after a failure; the images stay, so the next run reuses their layers (those no tag needs
 * any more are removed, or every run would leave 2.5 GB behind). Each stage's time
 * is printed as it ends and again at the end.
 */
import { createAccountAndKey, readLink, uploadAndShare, uploadOfficeFile } from "./container/app-checks";
import { buildImage, imageSizeMb, pruneImages } from "./container/build-image";
import { ensureBaseImage } from "./container/stand-in-base";
import { TrialContainer } from "./container/trial-container";

/** The build stage, tagged so its layers (npm ci above all) stay cached between runs while superseded ones are pruned. */
const BUILD_STAGE_IMAGE = "localhost/pagewise-test:build";
const IMAGE = "localhost/pagewise-test:latest";
const OFFICE_IMAGE = "localhost/pagewise-test:office";
const MAX_IMAGE_MB = 600;

const timings: Array<[string, number]> = [];
const containers: TrialContainer[] = [];

async function stage<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  try {
    const result = await work();
    timings.push([name, seconds()]);
    console.log(`✓ ${name}${typeof result === "string" ? `: ${result}` : ""} (${seconds().toFixed(1)} s)`);
    return result;
  } catch (error) {
    timings.push([`${name} (FAILED)`, seconds()]);
    throw error;
  }
}

async function startContainer(image: string, label: string): Promise<TrialContainer> {
  const container = await TrialContainer.start(image, `pagewise-test-${label}-${process.pid}`);
  containers.push(container);
  await container.waitHealthy();
  return container;
}

/** The stop before a restart must be clean: PostgreSQL stopped by the app, no lock left for the next start to clear. */
function expectCleanStop(container: TrialContainer): void {
  const log = container.logs();
  if (!log.includes("Stopping…") || log.includes("stale postmaster.pid"))
    throw new Error(`the restart did not stop the app cleanly:\n${log}`);
}

async function main(): Promise<void> {
  await stage("stand-in base image", () => `${ensureBaseImage()}`);
  await stage("build the image", () => {
    buildImage(BUILD_STAGE_IMAGE, "build");
    buildImage(IMAGE);
  });
  await stage("build the office image (--target office)", () => buildImage(OFFICE_IMAGE, "office"));
  await stage("remove layers no tag needs (earlier runs' builds)", () => `${pruneImages()} removed`);
  await stage("image sizes", () => {
    const size = imageSizeMb(IMAGE);
    const office = imageSizeMb(OFFICE_IMAGE);
    if (size > MAX_IMAGE_MB) throw new Error(`the image is ${size} MB, over ${MAX_IMAGE_MB} MB`);
    return `${size} MB (at most ${MAX_IMAGE_MB}), with LibreOffice ${office} MB`;
  });

  const app = await stage("start with a fresh volume (embedded PostgreSQL)", () => startContainer(IMAGE, "app"));
  await stage("the image's HEALTHCHECK", () => {
    const status = app.healthcheckStatus();
    if (status !== "healthy") throw new Error(`HEALTHCHECK reports ${status}`);
    return status;
  });
  let key = "";
  await stage("user:create and apikey:create inside the container", () => {
    key = createAccountAndKey(app, "owner@container.test");
  });
  const code = await stage("upload a PDF through the API and share it", () => uploadAndShare(app, key));
  await stage("read the share link", () => readLink(app, code));
  await stage("a .docx without LibreOffice", () => uploadOfficeFile(app, key, false));
  await stage("podman restart, then read the link", async () => {
    app.restart();
    expectCleanStop(app);
    await app.waitHealthy();
    await readLink(app, code);
  });
  await stage("podman kill and start, then read the link", async () => {
    app.killAndStart();
    await app.waitHealthy();
    await readLink(app, code);
  });

  const office = await stage("start the office image", () => startContainer(OFFICE_IMAGE, "office"));
  let officeKey = "";
  await stage("user:create and apikey:create in the office image", () => {
    officeKey = createAccountAndKey(office, "office@container.test");
  });
  await stage("a .docx with LibreOffice", () => uploadOfficeFile(office, officeKey, true));
}

/** Removes every container started and its volume, saying which could not be removed. */
function removeContainers(): void {
  for (const container of containers.splice(0)) {
    try {
      container.remove();
    } catch (error) {
      console.error(`Could not remove ${container.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// Interrupted (Ctrl-C, CI's timeout), the containers go too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    removeContainers();
    process.exit(130);
  });
}

const started = Date.now();
let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  removeContainers();
}
console.log("\nStage times:");
for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  in all${failed ? " (FAILED)" : ""}`);
process.exit(failed ? 1 : 0);
