/**
 * `npm test`'s check that the repository's words point at real files: every path under one of the
 * repository's folders named in a comment (TypeScript, the Prisma schema) or in our own Markdown
 * exists, and no file names the contract by the names it had outside this repository (SPEC.md,
 * DECISIONS.md): here they are docs/api-contract.md and docs/contract-decisions.md. A comment that
 * points at a moved file misleads the next reader more than no comment.
 * Run alone with `npx tsx scripts/check-paths.ts`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { OTHER_CODEBASES } from "./check-layers";

const ROOT = path.resolve(import.meta.dirname, "..");

const FOLDERS = ["app", "components", "lib", "scripts", "e2e", "docs", "prisma", "test", "inngest", "types", "public", ".ci"];
// A path starts at a folder name not preceded by a path or word character, and may hold Next's
// route folders ([code], (dashboard)).
const PATH_IN_TEXT = new RegExp(
  `(?<![\\w/.@\\-])((?:${FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/[\\w\\-\\[\\]./()]*[\\w\\]])`,
  "g",
);
const OUTSIDE_NAMES = /\b(SPEC|DECISIONS)\.md\b/g;
const CONTRACT_NAMES: Record<string, string> = { SPEC: "docs/api-contract.md", DECISIONS: "docs/contract-decisions.md" };

/**
 * The contract's copies are kept verbatim (their own first line says what their names map to);
 * migrations are history; this check and its test name what they look for.
 */
const SKIPPED = [
  /^docs\/(api-contract|contract-decisions|stack-notes)\.md$/,
  /^prisma\/migrations\//,
  /^scripts\/check-paths(\.test)?\.ts$/,
];

export type PathProblem = { file: string; line: number; text: string; problem: string };

/**
 * The comments of a TypeScript or JavaScript file, each with the offset it starts at: the leading
 * trivia of every token the parser finds, so template literals, regular expressions and JSX text
 * are never mistaken for comments or the reverse.
 */
function comments(source: string, fileName: string): { text: string; start: number }[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : fileName.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const visit = (node: ts.Node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      for (const range of ts.getLeadingCommentRanges(source, node.pos) ?? []) found.set(range.pos, source.slice(range.pos, range.end));
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found].map(([start, text]) => ({ text, start }));
}

/** What a Markdown file says of this repository: docs/architecture.md's section on other codebases names their paths. */
function ours(file: string, source: string): string {
  const theirs = file === "docs/architecture.md" ? source.indexOf(OTHER_CODEBASES) : -1;
  return theirs === -1 ? source : source.slice(0, theirs);
}

/** A path as written names a file or folder, or a module without its extension. */
function pathExists(root: string, named: string): boolean {
  const full = path.join(root, named);
  return [full, `${full}.ts`, `${full}.tsx`].some((candidate) => existsSync(candidate));
}

/** What `file` (its text `source`) says that points nowhere. */
export function pathProblems(root: string, file: string, source: string): PathProblem[] {
  if (SKIPPED.some((skip) => skip.test(file))) return [];
  const isCode = /\.(ts|tsx|mjs)$/.test(file);
  const lineAt = (offset: number) => source.slice(0, offset).split("\n").length;
  const problems: PathProblem[] = [];
  const spans = isCode ? comments(source, file) : [{ text: ours(file, source), start: 0 }];
  for (const span of spans) {
    for (const match of span.text.matchAll(PATH_IN_TEXT)) {
      // A Markdown link's text and target are read apart; a sentence's full stop is not part of a path.
      const named = match[1]!.split("](")[0]!.replace(/\.$/, "");
      if (!pathExists(root, named)) {
        problems.push({ file, line: lineAt(span.start + match.index), text: named, problem: "names a path that does not exist" });
      }
    }
  }
  for (const match of source.matchAll(OUTSIDE_NAMES)) {
    problems.push({ file, line: lineAt(match.index), text: match[0], problem: `is ${CONTRACT_NAMES[match[1]!]} in this repository` });
  }
  return problems;
}

function checkedFiles(root: string): string[] {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  return tracked.filter((file) => /\.(ts|tsx|mjs|md|prisma)$/.test(file) && existsSync(path.join(root, file)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const problems = checkedFiles(ROOT).flatMap((file) => pathProblems(ROOT, file, readFileSync(path.join(ROOT, file), "utf8")));
  for (const p of problems) console.error(`${p.file}:${p.line}: "${p.text}" ${p.problem}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} reference(s) point nowhere: fix the path, or say it without one.`);
    process.exit(1);
  }
  console.log("every path named in comments and docs exists");
}
