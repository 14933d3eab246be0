import type { Column } from "./data-table";
import { LocalTime } from "./local-time";

/** The last column of a table whose rows have buttons: named "Actions" for screen readers, at the end. */
export function actionsColumn<Row>(cell: Column<Row>["cell"], cellClassName?: string): Column<Row> {
  return { key: "actions", header: "Actions", srOnlyHeader: true, align: "end", cellClassName, cell };
}

/** A column of moments, shown in the reader's own time zone and never wrapped. */
export function timeColumn<Row>(key: string, header: string, at: (row: Row) => string | Date): Column<Row> {
  return { key, header, cellClassName: "whitespace-nowrap text-slate-600", cell: (row) => <LocalTime value={at(row)} /> };
}
