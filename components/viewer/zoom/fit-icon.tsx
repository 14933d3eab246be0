/** A frame of the given shape with a double arrow along its long side: wide for "fit width", tall for "fit page". */
export function FitIcon({ width, height }: { width: number; height: number }) {
  const [x, y] = [(20 - width) / 2, (20 - height) / 2];
  const arrow =
    width > height
      ? `M${x + 3} 10h${width - 6}M${x + 3} 10l2-2M${x + 3} 10l2 2M${x + width - 3} 10l-2-2M${x + width - 3} 10l-2 2`
      : `M10 ${y + 3}v${height - 6}M10 ${y + 3}l-2 2M10 ${y + 3}l2 2M10 ${y + height - 3}l-2-2M10 ${y + height - 3}l2-2`;
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round">
      <rect x={x} y={y} width={width} height={height} rx={1.5} />
      <path d={arrow} />
    </svg>
  );
}
