import { Fragment, type ComponentProps, type ReactNode } from "react";
import { ScrollRegion } from "./scroll-region";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "start" | "end";
  /** The header is read by screen readers only (e.g. a column of row actions). */
  srOnlyHeader?: boolean;
  /** The column disappears below this breakpoint. */
  hideBelow?: "sm" | "md" | "lg";
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  cellClassName?: string;
};

/**
 * `page`: a framed table standing on its own; `card`: flush with a card's padding (the card's
 * edge columns keep its 1.25 rem inset); `screen-reader`: no styling, for a table a chart describes.
 */
type Variant = "page" | "card" | "screen-reader";

export type DataTableProps<Row> = {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The table's accessible name, read by screen readers only. */
  caption?: string;
  variant?: Variant;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  rowProps?: (row: Row) => ComponentProps<"tr"> & { "data-testid"?: string };
  /** A full-width row under a row (e.g. its details); nothing while it returns null. */
  expandedRow?: (row: Row) => { id: string; content: ReactNode } | null;
  className?: string;
  "data-testid"?: string;
};

// Literal class names, so Tailwind sees each one.
const HIDE_BELOW = { sm: "hidden sm:table-cell", md: "hidden md:table-cell", lg: "hidden lg:table-cell" } as const;

const STYLE: Record<
  Variant,
  {
    wrapper: string;
    table: string;
    head: string;
    body: string;
    row: string;
    cell: (index: number, last: number) => string;
    expanded: string;
  }
> = {
  page: {
    wrapper: "overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm",
    table: "min-w-full text-sm",
    head: "bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase",
    body: "divide-y divide-slate-100",
    row: "hover:bg-slate-50",
    cell: () => "px-4 py-3",
    expanded: "bg-slate-50 px-4 pt-1 pb-4",
  },
  card: {
    wrapper: "-mx-5 overflow-x-auto",
    table: "min-w-full text-sm",
    head: "text-left text-xs font-medium tracking-wide text-slate-500 uppercase",
    body: "divide-y divide-slate-100",
    row: "",
    cell: (index, last) => (index === 0 || index === last ? "px-5 py-2" : "px-3 py-2"),
    expanded: "bg-slate-50 px-5 pt-1 pb-4",
  },
  "screen-reader": { wrapper: "", table: "", head: "", body: "", row: "", cell: () => "", expanded: "" },
};

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ") || undefined;

/** A table whose columns are declared once: header, cell, alignment and when each column shows. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  variant = "card",
  empty,
  rowProps,
  expandedRow,
  className,
  "data-testid": testId,
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const style = STYLE[variant];
  const last = columns.length - 1;
  const columnClass = (column: Column<Row>, index: number) =>
    classes(style.cell(index, last), column.align === "end" && "text-right", column.hideBelow && HIDE_BELOW[column.hideBelow]);

  const table = (
    <table className={classes(style.table)} data-testid={testId}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={classes(style.head)}>
        <tr>
          {columns.map((column, index) => (
            <th key={column.key} scope="col" className={columnClass(column, index)}>
              {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={classes(style.body)}>
        {rows.map((row) => {
          const { className: rowClass, ...trProps } = rowProps?.(row) ?? {};
          const expansion = expandedRow?.(row) ?? null;
          return (
            <Fragment key={rowKey(row)}>
              <tr {...trProps} className={classes(style.row, rowClass)}>
                {columns.map((column, index) => {
                  const className = classes(columnClass(column, index), column.cellClassName);
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
              {expansion && (
                <tr id={expansion.id}>
                  <td colSpan={columns.length} className={classes(style.expanded)}>
                    {expansion.content}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  if (!style.wrapper) return className ? <div className={className}>{table}</div> : table;
  // A table wider than the screen scrolls inside its frame, never the page.
  return (
    <ScrollRegion label={caption ?? "Table"} className={classes(style.wrapper, className)}>
      {table}
    </ScrollRegion>
  );
}
