import { GateStep } from "./reader-steps";
import type { ReaderGate } from "../viewer-props";

/** The gate under the last page the reader may see, over a blurred veil as wide as the pages. */
export function GateOverlay({
  code,
  title,
  pageCount,
  gate,
  pageWidth,
}: {
  code: string;
  title: string;
  pageCount: number;
  gate: ReaderGate;
  /** The pages' width: measured, or the server's guess as a CSS length. */
  pageWidth: number | string;
}) {
  return (
    <div className="relative w-full" style={{ maxWidth: pageWidth }}>
      <div aria-hidden className="absolute inset-0 rounded bg-white/60 blur-sm" />
      <div className="relative py-10">
        <GateStep code={code} title={title} pageCount={pageCount} gate={gate} />
      </div>
    </div>
  );
}
