import type { Column } from "./data-table";

/** The last column of a table whose rows have buttons: named "Actions" for screen readers, at the end. */
export function actionsColumn<Row>(cell: Column<Row>["cell"], cellClassName?: string): Column<Row> {
  return { key: "actions", header: "Actions", srOnlyHeader: true, align: "end", cellClassName, cell };
}
