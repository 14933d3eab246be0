import { startTransition, useEffect, useState } from "react";
import { COLUMN, type PageLayout } from "./page-geometry";
import { PageImageColumn, SERVER_PAGE_WIDTH } from "./page-image";
import { PageSkeleton } from "./page-skeleton";
import { PageSlot } from "./page-slot";

// The pages that commit with the column's first layout; the rest follow in a render React can interrupt.
const FIRST_PAGES = 3;

/** The column before it is measured (the server's rendering, and the browser's until its first layout): the readable pages' images at the server's guessed width. */
export function ServerColumn(props: {
  code: string;
  version: number;
  mark: string | null;
  pages: number;
  aspect: number;
  onFirstShown: () => void;
}) {
  if (props.pages === 0) return <PageSkeleton aspect={props.aspect} />;
  return (
    <PageImageColumn
      code={props.code}
      version={props.version}
      mark={props.mark}
      pages={props.pages}
      box={{ width: SERVER_PAGE_WIDTH, aspect: props.aspect }}
      sizes={SERVER_PAGE_WIDTH}
      onFirstShown={props.onFirstShown}
    />
  );
}

type SlotColumnProps = Omit<React.ComponentProps<typeof PageSlot>, "page" | "width" | "height" | "near"> & {
  layout: PageLayout;
  near: ReadonlySet<number>;
};

/**
 * The measured column: a slot per readable page. A long document's slots, all at once, made the
 * first layout one long task on a phone: the first pages are laid out with the measurement, the
 * others in a later render React can interrupt (so input and paint go first), behind a spacer of
 * their height, so the scroll height is right from the start.
 */
export function SlotColumn({ layout, near, ...slot }: SlotColumnProps) {
  const [allLaidOut, setAllLaidOut] = useState(false);
  useEffect(() => startTransition(() => setAllLaidOut(true)), []);
  const slots = allLaidOut ? layout.pages : Math.min(layout.pages, FIRST_PAGES);
  return (
    <div className="flex flex-col items-center" style={{ gap: COLUMN.gap }}>
      {Array.from({ length: slots }, (_, i) => i + 1).map((page) => (
        <PageSlot key={page} {...slot} page={page} width={layout.width} height={layout.height} near={near.has(page)} />
      ))}
      {slots < layout.pages && <div aria-hidden style={{ height: (layout.pages - slots) * (layout.height + COLUMN.gap) - COLUMN.gap }} />}
    </div>
  );
}
