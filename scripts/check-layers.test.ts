import { describe, expect, it } from "vitest";
import { findLayerViolations } from "./check-layers";

const tree = (files: Record<string, string>) => new Map(Object.entries(files));

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
        message: "lib/errors (layer 0) may not import lib/http (layer 9): imports go to lower layers only",
      },
    ]);
  });

  it("refuses imports between two folders of the same layer, so folders cannot loop", () => {
    const violations = findLayerViolations(tree({ "lib/jobs/runner.ts": 'import "../dashboard/period";', "lib/dashboard/period.ts": "" }));
    expect(violations.map((v) => v.message)).toEqual([
      expect.stringContaining("lib/jobs (layer 8) may not import lib/dashboard (layer 8)"),
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
});
