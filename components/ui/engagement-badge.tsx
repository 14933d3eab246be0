const STYLES: Record<string, string> = {
  hot: "bg-rose-100 text-rose-800 ring-rose-200",
  warm: "bg-amber-100 text-amber-900 ring-amber-200",
  cool: "bg-sky-100 text-sky-800 ring-sky-200",
  cold: "bg-slate-100 text-slate-700 ring-slate-200",
  none: "bg-white text-slate-500 ring-slate-200",
};

export function EngagementBadge({ label, type }: { label: string; type: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STYLES[type] ?? STYLES.none}`}
    >
      {label}
    </span>
  );
}
