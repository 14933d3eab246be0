/** An item's index number in a room ("3.2.1"), small and muted before its name. */
export function IndexNumber({ value }: { value: string }) {
  return (
    <span data-testid="index-number" className="shrink-0 font-mono text-xs text-slate-500 tabular-nums">
      {value}
    </span>
  );
}
