import { LoadingBar, type LoadProgress } from "./loading-bar";

/**
 * What a reader sees while the PDF loads: a page of the size the first page will take, with a bar
 * along its top that fills as the file arrives (or pulses while its size is unknown) and
 * placeholder lines that pulse unless the reader asked for reduced motion.
 */
export function PageSkeleton({
  aspect,
  label = "Loading document…",
  progress = null,
}: {
  aspect: number;
  label?: string;
  progress?: LoadProgress | null;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ aspectRatio: `1 / ${aspect}` }}
      className="w-[min(calc(100vw-48px),900px)] bg-white shadow-md"
    >
      <LoadingBar progress={progress} label="Loading document" />
      <div aria-hidden className="motion-safe:animate-pulse">
        <div className="m-10 h-6 w-2/3 rounded bg-slate-200" />
        <div className="mx-10 mt-6 h-4 w-5/6 rounded bg-slate-100" />
        <div className="mx-10 mt-3 h-4 w-4/6 rounded bg-slate-100" />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}
