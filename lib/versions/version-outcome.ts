import { plural } from "../plural";
import type { VersionChange } from "./make-version-current";

type Moved = { from: number; to: number };

/** What the dashboard tells the owner after an upload or a restore: the version readers now get, and the gates it moved. */
export type VersionOutcome = {
  number: number;
  page_count: number;
  gate_page_clamped: Moved | null;
  links_gate_page_clamped: Array<Moved & { name: string }>;
};

export function versionOutcome({ document, gatePageClamped, linksClamped }: VersionChange): VersionOutcome {
  return {
    number: document.version,
    page_count: document.pageCount,
    gate_page_clamped: gatePageClamped,
    links_gate_page_clamped: linksClamped.map(({ name, from, to }) => ({ name, from, to })),
  };
}

/**
 * The moved gates in one sentence ("Version 3 has 4 pages, so the gate moved from page 6 to page
 * 4"), or null when every gate stayed: a gate past the last page now stands at it, and the owner
 * should know their readers see more before it than they chose.
 */
export function clampNotice(outcome: VersionOutcome): string | null {
  const moves = [
    ...(outcome.gate_page_clamped ? [`the gate moved ${fromTo(outcome.gate_page_clamped)}`] : []),
    ...outcome.links_gate_page_clamped.map((link) => `the gate of the link “${link.name}” moved ${fromTo(link)}`),
  ];
  if (moves.length === 0) return null;
  const listed = moves.length === 1 ? moves[0] : `${moves.slice(0, -1).join(", ")} and ${moves.at(-1)}`;
  return `Version ${outcome.number} has ${plural(outcome.page_count, "page")}, so ${listed}.`;
}

const fromTo = ({ from, to }: Moved) => `from page ${from} to page ${to}`;
