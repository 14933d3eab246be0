import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pathProblems } from "./check-paths";

function repository() {
  const root = mkdtempSync(path.join(tmpdir(), "check-paths-"));
  mkdirSync(path.join(root, "lib/viewer"), { recursive: true });
  mkdirSync(path.join(root, "app/s/[code]"), { recursive: true });
  writeFileSync(path.join(root, "lib/viewer/public-room.ts"), "");
  writeFileSync(path.join(root, "app/s/[code]/page.tsx"), "");
  return root;
}

describe("the check that named paths exist", () => {
  it("finds a comment naming a file that moved, and says where", () => {
    const source = `const a = 1;\n/** The room itself (lib/rooms/public-room.ts RoomShare). */\nexport const b = a;\n`;
    expect(pathProblems(repository(), "lib/viewer/access.ts", source)).toEqual([
      { file: "lib/viewer/access.ts", line: 2, text: "lib/rooms/public-room.ts", problem: "names a path that does not exist" },
    ]);
  });

  it("accepts files, folders, modules named without their extension and Next's route folders", () => {
    const source = `// lib/viewer/public-room.ts, lib/viewer, lib/viewer/public-room and app/s/[code]/page.tsx.\n`;
    expect(pathProblems(repository(), "lib/x.ts", source)).toEqual([]);
  });

  it("reads only comments in code: strings, template literals and JSX text are not comments", () => {
    const source = [
      'import { serve } from "inngest/next";',
      "const cookie = (code: string) => `pw_${code}`; // lib/viewer/public-room.ts",
      "const page = <p>lib/nothing/here.ts is text // not a comment</p>;",
      "/* lib/gone.ts */",
    ].join("\n");
    expect(pathProblems(repository(), "components/x.tsx", source).map((p) => [p.line, p.text])).toEqual([[4, "lib/gone.ts"]]);
  });

  it("reads the whole of a Markdown file, a link's text apart from its target", () => {
    const source = "See [lib/viewer/public-room.ts](lib/viewer/public-room.ts) and `lib/old/place.ts`.\n";
    expect(pathProblems(repository(), "docs/architecture.md", source).map((p) => p.text)).toEqual(["lib/old/place.ts"]);
  });

  it("reads docs/architecture.md's section on other codebases as their paths, not ours", () => {
    const source = "Ours: `lib/gone.ts`.\n\n## Codebases worth imitating\n- Dub: `lib/api/errors.ts` maps codes.\n";
    expect(pathProblems(repository(), "docs/architecture.md", source).map((p) => p.text)).toEqual(["lib/gone.ts"]);
  });

  it("refuses the contract's names from outside the repository, in code and docs alike", () => {
    const source = `export const description = "additive, not in SPEC.md"; // see DECISIONS.md\n`;
    expect(pathProblems(repository(), "lib/schemas/x.ts", source).map((p) => p.problem)).toEqual([
      "is docs/api-contract.md in this repository",
      "is docs/contract-decisions.md in this repository",
    ]);
  });

  it("leaves the contract's verbatim copies and the migrations as they are", () => {
    expect(pathProblems(repository(), "docs/api-contract.md", "SPEC.md lib/none.ts")).toEqual([]);
    expect(pathProblems(repository(), "prisma/migrations/1_x/migration.sql", "-- SPEC.md")).toEqual([]);
  });
});
