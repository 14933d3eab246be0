import { plural } from "../plural";
import type { GateMove } from "../rules/version-gate";
import type { VersionChange } from "./make-version-current";

type NamedMove = GateMove & { name: string };

/** What the dashboard tells the owner after an upload or a restore: the version readers now get, and the gates it moved. */
export type VersionOutcome = {
  number: number;
  page_count: number;
  gate_page_clamped: GateMove | null;
  links_gate_page_clamped: NamedMove[];
  gate_page_restored: GateMove | null;
  links_gate_page_restored: NamedMove[];
};

export function versionOutcome({
  document,
  gatePageClamped,
  gatePageRestored,
  linksClamped,
  linksRestored,
}: VersionChange): VersionOutcome {
  const named = ({ name, from, to, chosen }: NamedMove) => ({ name, from, to, chosen });
  return {
    number: document.version,
    page_count: document.pageCount,
    gate_page_clamped: gatePageClamped,
    links_gate_page_clamped: linksClamped.map(named),
    gate_page_restored: gatePageRestored,
    links_gate_page_restored: linksRestored.map(named),
  };
}

type Subject = { move: GateMove; name: string | null };

/**
 * The moved gates in words, or null when every gate stayed: "Version 3 has 4 pages, so the gate
 * moved from page 6 to page 4. The gate returns to page 6 when a version with 6 pages or more is
 * current." A gate past the last page stands on it, and the owner should know their readers see
 * more before it than they chose, and that the page they chose comes back ("is back on page 6").
 */
export function gateNotice(outcome: VersionOutcome): string | null {
  const moved: Subject[] = [
    ...(outcome.gate_page_clamped ? [{ move: outcome.gate_page_clamped, name: null }] : []),
    ...(outcome.gate_page_restored ? [{ move: outcome.gate_page_restored, name: null }] : []),
    ...outcome.links_gate_page_clamped.map(({ name, ...move }) => ({ move, name })),
    ...outcome.links_gate_page_restored.map(({ name, ...move }) => ({ move, name })),
  ];
  if (moved.length === 0) return null;
  const moves = moved.map(({ move, name }) => `${gateOf(name)} ${move.to === move.chosen ? `is back on page ${move.to}` : fromTo(move)}`);
  const listed = moves.length === 1 ? moves[0] : `${moves.slice(0, -1).join(", ")} and ${moves.at(-1)}`;
  const said = `Version ${outcome.number} has ${plural(outcome.page_count, "page")}, so ${listed}.`;
  const waiting = moved.filter(({ move }) => move.to < move.chosen);
  if (waiting.length === 0) return said;
  if (waiting.length > 1) return `${said} Each returns to the page chosen for it when a version long enough is current.`;
  const [{ move, name }] = waiting as [Subject];
  return `${said} ${capitalised(gateOf(name))} returns to page ${move.chosen} when a version with ${move.chosen} pages or more is current.`;
}

const gateOf = (linkName: string | null) => (linkName === null ? "the gate" : `the gate of the link “${linkName}”`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fromTo = ({ from, to }: GateMove) => `moved from page ${from} to page ${to}`;
