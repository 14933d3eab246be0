import type { Document } from "../generated/prisma/client";

type GateSettings = Pick<Document, "emailGate" | "gateType" | "gatePage" | "pageCount">;

export const DEFAULT_GATE_PAGE = 3;

/** The email gate stands when email_gate is on and gate_type is not `none` (DECISIONS.md). */
export const gateActive = (doc: Pick<Document, "emailGate" | "gateType">) => doc.emailGate && doc.gateType !== "none";

/** An omitted gate_page is lowered to fit short documents, so stored values are always in range. */
export const resolveGatePage = (gatePage: number | null | undefined, pageCount: number) =>
  gatePage ?? Math.min(DEFAULT_GATE_PAGE, pageCount);

/** How many leading pages a reader may see before passing the gate. */
export function readablePagesBeforeGate(doc: GateSettings): number {
  if (!gateActive(doc)) return doc.pageCount;
  return doc.gateType === "full" ? 0 : Math.min(doc.gatePage - 1, doc.pageCount);
}

/** A preview file (pages 1..N-1) exists only for a preview gate that shows at least one page. */
export function previewPagesNeeded(doc: GateSettings): number {
  const readable = readablePagesBeforeGate(doc);
  return readable > 0 && readable < doc.pageCount ? readable : 0;
}
