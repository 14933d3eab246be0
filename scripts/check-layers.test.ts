import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { findLayerViolations, findMapDrift, LIB_LAYERS } from "./check-layers";

const tree = (files: Record<string, string>) => new Map(Object.entries(files));
/** A module's layer as the check counts it (from 0 in code, from 1 in the map), so adding a layer moves no test. */
const layerOf = (module: string) => LIB_LAYERS.findIndex((layer) => layer.includes(module));

describe("the layering check", () => {
  it("accepts imports that go down the layers and into a folder's own files", () => {
    const violations = findLayerViolations(
      tree({
        "lib/errors.ts": "export class ApiError extends Error {}",
        "lib/documents/find-document.ts": 'import { ApiError } from "../errors";\nimport { x } from "./short-code";',
        "lib/documents/short-code.ts": "export const x = 1;",
        "app/api/v1/documents/route.ts": 'import { x } from "@/lib/documents/short-code";',
      }),
    );
    expect(violations).toEqual([]);
  });

  it("refuses a lower layer importing a higher one, naming file, line and both layers", () => {
    const violations = findLayerViolations(
      tree({
        "lib/http/respond.ts": "export const json = 1;",
        "lib/errors.ts": '// the bottom\nimport { json } from "./http/respond";',
      }),
    );
    expect(violations).toEqual([
      {
        file: "lib/errors.ts",
        line: 2,
        message: `lib/errors (layer 0) may not import lib/http (layer ${layerOf("http")}): imports go to lower layers only`,
      },
    ]);
  });

  it("refuses imports between two folders of the same layer, so folders cannot loop", () => {
    const violations = findLayerViolations(tree({ "lib/jobs/runner.ts": 'import "../dashboard/period";', "lib/dashboard/period.ts": "" }));
    expect(violations.map((v) => v.message)).toEqual([
      expect.stringContaining(`lib/jobs (layer ${layerOf("jobs")}) may not import lib/dashboard (layer ${layerOf("dashboard")})`),
    ]);
  });

  it("refuses lib importing the app, and a folder no layer names", () => {
    const violations = findLayerViolations(
      tree({
        "app/page.tsx": "",
        "lib/viewer/a.ts": 'import "@/app/page";\nimport "../brand-new/b";',
        "lib/brand-new/b.ts": "",
      }),
    );
    expect(violations.map((v) => v.message)).toEqual([
      "lib/ may not import app/ (@/app/page)",
      "lib/brand-new has no layer: add it to LIB_LAYERS in scripts/check-layers.ts",
    ]);
  });

  it("lets tests beside the code reach the test helpers, and nothing else in lib", () => {
    const violations = findLayerViolations(
      tree({
        "test/support/fixtures.ts": "",
        "lib/viewer/access.test.ts": 'import "../../test/support/fixtures";',
        "lib/viewer/access.ts": 'import "../../test/support/fixtures";',
      }),
    );
    expect(violations.map((v) => v.file)).toEqual(["lib/viewer/access.ts"]);
  });

  it("reports files that import each other in a loop, type imports included", () => {
    const violations = findLayerViolations(
      tree({
        "components/viewer/shell.tsx": 'import { PdfViewer } from "./pdf-viewer";',
        "components/viewer/pdf-viewer.tsx": 'import type { Props } from "./shell";',
      }),
    );
    expect(violations.map((v) => v.message)).toEqual([
      "import cycle: components/viewer/pdf-viewer.tsx → components/viewer/shell.tsx → components/viewer/pdf-viewer.tsx",
    ]);
  });

  it("refuses Next's modules and server actions in lib below the HTTP layer, and lets lib/http use them", () => {
    const violations = findLayerViolations(
      tree({
        "lib/documents/a.ts": 'import { revalidatePath } from "next/cache";\nimport { cookies } from "next/headers";',
        "lib/links/b.ts": '"use server";\nimport { redirect } from "next/navigation";\nimport type { NextRequest } from "next/server";',
        "lib/http/actions/c.ts": '"use server";\nimport { revalidatePath } from "next/cache";',
        "lib/http/d.ts": 'import { cookies } from "next/headers";',
      }),
    );
    expect(violations).toEqual([
      { file: "lib/documents/a.ts", line: 1, message: "next/cache below the HTTP layer: only lib/http/ adapts Next to the domain" },
      { file: "lib/documents/a.ts", line: 2, message: "next/headers below the HTTP layer: only lib/http/ adapts Next to the domain" },
      { file: "lib/links/b.ts", line: 1, message: '"use server" below the HTTP layer: server actions live in lib/http/actions/' },
      { file: "lib/links/b.ts", line: 2, message: "next/navigation below the HTTP layer: only lib/http/ adapts Next to the domain" },
    ]);
  });

  it("refuses a client component that reaches server-only, a Node built-in or the database, however far down", () => {
    const violations = findLayerViolations(
      tree({
        "components/a.tsx": '"use client";\nimport { x } from "@/lib/http/adapter";',
        "lib/http/adapter.ts": 'import "server-only";\nexport const x = 1;',
        "components/b.tsx": "'use client';\nimport { y } from \"./helper\";",
        "components/helper.ts": 'import { y } from "@/lib/documents/read";\nexport { y };',
        "lib/documents/read.ts": 'import { readFileSync } from "node:fs";\nexport const y = readFileSync;',
        "components/c.tsx": '"use client";\nimport { z } from "@/lib/users/find";',
        "lib/users/find.ts": 'import { db } from "../db/client";\nexport const z = db;',
        "lib/db/client.ts": "export const db = {};",
        "components/d.tsx": '"use client";\nimport { createHash } from "crypto";',
      }),
    );
    expect(violations).toEqual([
      { file: "components/a.tsx", line: 2, message: 'client component reaches server code: lib/http/adapter.ts imports "server-only"' },
      {
        file: "components/b.tsx",
        line: 2,
        message: "client component reaches server code: components/helper.ts → lib/documents/read.ts imports node:fs",
      },
      {
        file: "components/c.tsx",
        line: 2,
        message: "client component reaches server code: lib/users/find.ts → lib/db/client.ts is the database",
      },
      { file: "components/d.tsx", line: 2, message: "client component reaches server code: imports crypto" },
    ]);
  });

  it("lets a client component import server actions, types of server modules, and plain shared code", () => {
    const violations = findLayerViolations(
      tree({
        "components/form.tsx": [
          '"use client";',
          'import { saveAction, type State } from "@/lib/http/actions/save";',
          'import type { Row } from "@/lib/users/find";',
          'import { type Other } from "@/lib/users/find";',
          'import { plural } from "@/lib/plural";',
        ].join("\n"),
        "lib/http/actions/save.ts": '"use server";\nimport "server-only";\nimport { db } from "../../db/client";\nexport type State = {};',
        "lib/users/find.ts": 'import { db } from "../db/client";\nexport type Row = {};\nexport type Other = {};',
        "lib/db/client.ts": 'import "node:fs";',
        "lib/plural.ts": "export const plural = 1;",
      }),
    );
    expect(violations).toEqual([]);
  });
});

describe("the map's check", () => {
  const doc = readFileSync("docs/architecture.md", "utf8");
  const files = new Set(execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean));

  it("finds docs/architecture.md true to the layers and the tree as they are", () => {
    expect(findMapDrift(doc, files)).toEqual([]);
  });

  it("refuses a map that leaves a lib module out of its layer, or puts it in another", () => {
    const moved = doc.replace("`viewer` (doors", "`links` and `viewer` (doors");
    const messages = findMapDrift(moved.replace("), `links`,", "),"), files).map((v) => v.message);
    const links = layerOf("links") + 1;
    expect(messages).toEqual([`layer ${links} does not name \`links\``, `layer ${links + 1} names \`links\`, which is in layer ${links}`]);
  });

  it("refuses a map with a layer fewer than the check's", () => {
    const lastLayer = doc.split("\n").findIndex((line) => line.startsWith(`${LIB_LAYERS.length}. `));
    const shortened = doc
      .split("\n")
      .filter((_, index) => index !== lastLayer)
      .join("\n");
    expect(findMapDrift(shortened, files).map((v) => v.message)).toContain(
      `lists ${LIB_LAYERS.length - 1} layers; LIB_LAYERS has ${LIB_LAYERS.length}`,
    );
  });

  it("refuses a path the code no longer has, naming its line, and reads other codebases' paths as theirs", () => {
    const named = /`(lib\/[\w/-]+\.ts)`/.exec(doc)![1]!;
    const stale = doc.replace(`\`${named}\``, "`lib/viewer/no-such-module.ts`");
    const line = stale.split("\n").findIndex((text) => text.includes("no-such-module")) + 1;
    expect(findMapDrift(stale, files)).toEqual([
      { file: "docs/architecture.md", line, message: "names lib/viewer/no-such-module.ts, which does not exist" },
    ]);
    expect(doc).toContain("`lib/api/errors.ts`");
  });
});
