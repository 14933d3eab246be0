/**
 * `npm test`'s layering check: every import in the repository goes down, never up, and no files
 * import each other in a loop; Next is adapted to the domain in lib/http only; no client component
 * reaches server code. The layers are data below; docs/architecture.md explains them.
 * Run alone with `npx tsx scripts/check-layers.ts`.
 */
import { readFileSync, realpathSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import ts from "typescript";

/**
 * lib's folders (and single-file modules such as lib/config.ts), bottom first. A module imports
 * from its own folder and from lower layers only; modules in one layer do not import each other.
 */
export const LIB_LAYERS: readonly (readonly string[])[] = [
  ["generated", "config", "time", "ids", "format-time", "plural", "errors", "work-gate", "retried-task", "byte-bounded-cache"],
  ["log", "metrics"],
  ["fault-point", "db", "request", "rules", "zip", "sharp"],
  ["schemas", "rate-limit", "email", "health", "beacons"],
  ["audit"],
  ["storage", "credentials", "events", "teams"],
  ["pdf", "office", "users", "webhooks", "retention", "branding"],
  ["documents", "auth"],
  ["analytics", "links", "rooms", "search"],
  ["viewer", "versions", "room-analytics", "trash"],
  ["questions"],
  ["jobs", "dashboard"],
  ["http"],
  ["contract"],
  ["mcp"],
];

/**
 * The repository's parts and what each may import. A part is the longest matching path prefix;
 * anything else (proxy.ts, instrumentation.ts, config files) is "root".
 */
export const PART_IMPORTS: Record<string, readonly string[]> = {
  lib: ["lib"],
  components: ["lib", "components"],
  inngest: ["lib", "inngest"],
  app: ["lib", "components", "inngest", "app"],
  // playwright.config.ts writes its report where npm test (scripts/lib/test-reports.ts) reads it.
  root: ["lib", "scripts/lib", "root"],
  // What the product's commands need (demo data, sample PDFs); the commands never import tests.
  "scripts/lib": ["lib", "scripts/lib"],
  // test-container.ts runs the container trial (scripts/container).
  scripts: ["lib", "scripts/lib", "scripts/container", "scripts"],
  // The container trial drives the image as the specs drive the app, with the tests' office files.
  "scripts/container": ["lib", "scripts/lib", "test/support", "scripts/container"],
  // The vitest harness.
  test: ["lib", "test"],
  // auth-http drives the real next-auth route handlers in integration tests.
  "test/support": ["lib", "scripts/lib", "app", "test/support"],
  "test/support/playwright": ["lib", "scripts/lib", "test/support", "root", "test/support/playwright"],
  // The viewer bench starts Chromium as the specs do (playwright.config.ts).
  "scripts/bench": ["lib", "scripts/lib", "test/support", "root", "scripts/bench"],
  // Specs read the ports and paths playwright.config.ts chose.
  e2e: ["lib", "scripts/lib", "test/support", "test/support/playwright", "root", "e2e"],
};

/** Test files beside the code may also reach the test helpers and the demo data. */
const TEST_FILE = /\.test\.tsx?$/;
const TEST_FILE_IMPORTS = ["test/support", "test", "scripts/lib"];
const SOURCE = /\.(ts|tsx|mts)$/;

export type Violation = { file: string; line: number; message: string };

/** Next's own modules (next/cache, next/headers, next/navigation, next/server…): the HTTP layer's adapters only. */
const NEXT_MODULE = /^next(\/|$)/;
/** Where lib may use Next, and where its server actions ("use server") live. */
const HTTP_LAYER = "lib/http/";
const ARCHITECTURE_DOC = "docs/architecture.md";
/** The heading of docs/architecture.md's section on other codebases: the paths it names are theirs. */
export const OTHER_CODEBASES = "## Codebases worth imitating";

function partOf(file: string): string {
  const parts = Object.keys(PART_IMPORTS).filter((p) => p !== "root" && (file === p || file.startsWith(`${p}/`)));
  return parts.sort((a, b) => b.length - a.length)[0] ?? "root";
}

/** lib/<folder>/… or lib/<file>.ts → the module's name in LIB_LAYERS. */
function libModule(file: string): string {
  const rest = file.slice("lib/".length);
  const slash = rest.indexOf("/");
  return slash === -1 ? rest.replace(SOURCE, "").replace(/\.test$/, "") : rest.slice(0, slash);
}

const layerOf = new Map(LIB_LAYERS.flatMap((layer, index) => layer.map((name) => [name, index] as const)));

function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  base = base.replace(/\.(js|ts|tsx)$/, "");
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

function lineOf(source: string, position: number): number {
  return source.slice(0, position).split("\n").length;
}

/** Every layering rule broken by the given sources (repository-relative path → text). */
export function findLayerViolations(sources: ReadonlyMap<string, string>): Violation[] {
  const files = new Set(sources.keys());
  const violations: Violation[] = [];
  const graph = new Map<string, string[]>();

  const facts = new Map([...sources].map(([file, source]) => [file, moduleFacts(file, source)]));
  for (const [file, source] of sources) {
    const edges: string[] = [];
    graph.set(file, edges);
    const fromPart = partOf(file);
    violations.push(...adapterViolations(file, facts.get(file)!));
    for (const imported of ts.preProcessFile(source, true, true).importedFiles) {
      const target = resolveImport(file, imported.fileName, files);
      if (!target) continue;
      edges.push(target);
      const line = lineOf(source, imported.pos);
      const toPart = partOf(target);
      const allowed = PART_IMPORTS[fromPart]!.includes(toPart) || (TEST_FILE.test(file) && TEST_FILE_IMPORTS.includes(toPart));
      if (!allowed) {
        violations.push({ file, line, message: `${fromPart}/ may not import ${toPart}/ (${imported.fileName})` });
        continue;
      }
      if (fromPart !== "lib" || toPart !== "lib" || TEST_FILE.test(file)) continue;
      const from = libModule(file);
      const to = libModule(target);
      if (from === to) continue;
      const fromLayer = layerOf.get(from);
      const toLayer = layerOf.get(to);
      if (fromLayer === undefined || toLayer === undefined) {
        const unknown = fromLayer === undefined ? from : to;
        violations.push({ file, line, message: `lib/${unknown} has no layer: add it to LIB_LAYERS in scripts/check-layers.ts` });
      } else if (toLayer >= fromLayer) {
        violations.push({
          file,
          line,
          message: `lib/${from} (layer ${fromLayer}) may not import lib/${to} (layer ${toLayer}): imports go to lower layers only`,
        });
      }
    }
  }
  violations.push(...clientViolations(sources, facts));
  for (const cycle of importCycles(graph)) {
    violations.push({ file: cycle[0]!, line: 1, message: `import cycle: ${[...cycle, cycle[0]].join(" → ")}` });
  }
  return violations;
}

type ModuleFacts = {
  directive: "use client" | "use server" | null;
  /** Imports that stay in the compiled code: not `import type`, not an import of types only. */
  valueImports: { specifier: string; line: number }[];
};

function moduleFacts(file: string, source: string): ModuleFacts {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  let directive: ModuleFacts["directive"] = null;
  for (const statement of parsed.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    const text = statement.expression.text;
    if (text === "use client" || text === "use server") directive = text;
  }
  const valueImports: ModuleFacts["valueImports"] = [];
  const add = (specifier: ts.Expression, node: ts.Node) => {
    if (ts.isStringLiteral(specifier)) valueImports.push({ specifier: specifier.text, line: lineOf(source, node.getStart(parsed)) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) add(node.moduleSpecifier, node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      add(node.moduleSpecifier, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      add(node.arguments[0], node);
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return { directive, valueImports };
}

/** lib below the HTTP layer is plain TypeScript: no Next, no server actions. */
function adapterViolations(file: string, facts: ModuleFacts): Violation[] {
  if (!file.startsWith("lib/") || file.startsWith(HTTP_LAYER) || TEST_FILE.test(file)) return [];
  const violations: Violation[] = [];
  if (facts.directive === "use server")
    violations.push({ file, line: 1, message: `"use server" below the HTTP layer: server actions live in ${HTTP_LAYER}actions/` });
  for (const { specifier, line } of facts.valueImports) {
    if (NEXT_MODULE.test(specifier))
      violations.push({ file, line, message: `${specifier} below the HTTP layer: only ${HTTP_LAYER} adapts Next to the domain` });
  }
  return violations;
}

const BUILTIN = new Set(builtinModules);

/** Why a module must never reach the browser, if it must not: what it imports itself. */
function serverMark(specifier: string, target: string | null): string | null {
  if (specifier === "server-only") return 'imports "server-only"';
  if (specifier.startsWith("node:") || BUILTIN.has(specifier)) return `imports ${specifier}`;
  if (target?.startsWith("lib/db/")) return "is the database";
  return null;
}

/**
 * A client component ("use client") and everything it imports for real go to the browser. None
 * of it may import server-only, a Node built-in or the database. A server action module ("use
 * server") is the one way through: the browser gets references to its functions, not its code.
 */
function clientViolations(sources: ReadonlyMap<string, string>, facts: ReadonlyMap<string, ModuleFacts>): Violation[] {
  const files = new Set(sources.keys());
  // A module's path to server code (its own file first, then what it imports), or null.
  const reaches = new Map<string, string[] | null>();
  const pathToServer = (file: string): string[] | null => {
    if (reaches.has(file)) return reaches.get(file)!;
    reaches.set(file, null);
    let found: string[] | null = null;
    for (const { specifier } of facts.get(file)!.valueImports) {
      const target = resolveImport(file, specifier, files);
      const mark = serverMark(specifier, target);
      if (mark) found = target ? [file, target, mark] : [file, mark];
      else if (target && facts.get(target)!.directive !== "use server") {
        const further = pathToServer(target);
        if (further) found = [file, ...further];
      }
      if (found) break;
    }
    reaches.set(file, found);
    return found;
  };
  const violations: Violation[] = [];
  for (const [file, fact] of facts) {
    if (fact.directive !== "use client") continue;
    for (const { specifier, line } of fact.valueImports) {
      const target = resolveImport(file, specifier, files);
      const mark = serverMark(specifier, target);
      const path = mark
        ? target
          ? [target, mark]
          : [mark]
        : target && facts.get(target)!.directive !== "use server"
          ? pathToServer(target)
          : null;
      if (!path) continue;
      const chain = path.slice(0, -1).map((step) => `${step} `);
      violations.push({ file, line, message: `client component reaches server code: ${chain.join("→ ")}${path.at(-1)}` });
    }
  }
  return violations;
}

/** Files that import each other in a loop (Tarjan's strongly connected components), each once. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const REPOSITORY_PATH = /^(lib|app|components|inngest|prisma|scripts|e2e|test)\/[\w\-./[\]()]+$/;

/**
 * Where docs/architecture.md, the map a newcomer reads first, no longer matches the code: a layer
 * whose numbered item does not name each of its lib modules in backticks (or names one of another
 * layer), a different number of layers, or a backticked repository path that does not exist (the
 * section on other codebases names their paths, not ours).
 */
export function findMapDrift(doc: string, files: ReadonlySet<string>): Violation[] {
  const violations: Violation[] = [];
  const lines = doc.split("\n");
  const drift = (line: number, message: string) => violations.push({ file: ARCHITECTURE_DOC, line, message });
  const start = lines.findIndex((line) => line.startsWith("## Layers"));
  const items: { line: number; names: Set<string> }[] = [];
  for (let i = start + 1; start >= 0 && i < lines.length && !lines[i]!.startsWith("## "); i++) {
    if (/^\d+\. /.test(lines[i]!)) items.push({ line: i + 1, names: new Set() });
    for (const [, name] of lines[i]!.matchAll(/`([^`]+)`/g)) items.at(-1)?.names.add(name!);
  }
  if (items.length !== LIB_LAYERS.length) drift(start + 1, `lists ${items.length} layers; LIB_LAYERS has ${LIB_LAYERS.length}`);
  items.forEach(({ line, names }, index) => {
    for (const name of LIB_LAYERS[index] ?? []) if (!names.has(name)) drift(line, `layer ${index + 1} does not name \`${name}\``);
    for (const name of names) {
      const layer = layerOf.get(name);
      if (layer !== undefined && layer !== index) drift(line, `layer ${index + 1} names \`${name}\`, which is in layer ${layer + 1}`);
    }
  });
  const paths = [...files];
  const ours = lines.findIndex((line) => line.startsWith(OTHER_CODEBASES));
  lines.slice(0, ours === -1 ? undefined : ours).forEach((line, index) => {
    for (const [, token] of line.matchAll(/`([^`]+)`/g)) {
      const named = token!.replace(/\/\*$/, "").replace(/\/$/, "");
      if (!REPOSITORY_PATH.test(named)) continue;
      if (!files.has(named) && !paths.some((file) => file.startsWith(`${named}/`)))
        drift(index + 1, `names ${named}, which does not exist`);
    }
  });
  return violations;
}

function repositoryFiles(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  return listed.split("\n").filter(Boolean);
}

function repositorySources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const file of repositoryFiles(root)) {
    if (!SOURCE.test(file) || file.endsWith(".d.ts") || file.startsWith("lib/generated/")) continue;
    try {
      sources.set(file, readFileSync(path.join(root, file), "utf8"));
    } catch {
      // Deleted in the work tree but still in the index.
    }
  }
  return sources;
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const root = path.resolve(import.meta.dirname, "..");
  const violations = [
    ...findLayerViolations(repositorySources(root)),
    ...findMapDrift(readFileSync(path.join(root, ARCHITECTURE_DOC), "utf8"), new Set(repositoryFiles(root))),
  ];
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.message}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} layering violation(s). The layers: LIB_LAYERS and PART_IMPORTS in scripts/check-layers.ts, explained in ${ARCHITECTURE_DOC}.`,
    );
    process.exit(1);
  }
  console.log(`Imports follow the layers; no import cycles; ${ARCHITECTURE_DOC} matches them.`);
}
