import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, DataTable, type DataTableProps } from "./data-table";

type Fruit = { name: string; count: number };

const COLUMNS: Array<Column<Fruit>> = [
  { key: "name", header: "Name", cell: (f) => f.name },
  { key: "count", header: "Count", align: "end", hideBelow: "sm", cell: (f) => f.count },
  { key: "actions", header: "Actions", srOnlyHeader: true, cell: (f) => `Eat ${f.name}` },
];
const FRUITS: Fruit[] = [
  { name: "Apple", count: 3 },
  { name: "Pear", count: 0 },
];

const render = (props: Partial<DataTableProps<Fruit>>) =>
  renderToStaticMarkup(createElement(DataTable<Fruit>, { columns: COLUMNS, rows: FRUITS, rowKey: (f) => f.name, ...props }));

describe("DataTable", () => {
  it("declares each column once: a column header with its scope, then one cell per row", () => {
    const html = render({ caption: "Fruit" });
    expect(html).toContain('<caption class="sr-only">Fruit</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toContain("<td");
    expect(html.match(/<tr/g)).toHaveLength(3);
    expect(html).toContain(">Eat Pear</td>");
  });

  it("reads a header as screen-reader-only, aligns and hides columns with the same classes on header and cells", () => {
    const html = render({});
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(html.match(/class="px-3 py-2 text-right hidden sm:table-cell"/g)).toHaveLength(3);
  });

  it("names a row by its row-header cell; the screen-reader table carries no styling", () => {
    const html = render({
      columns: [
        { key: "name", header: "Name", rowHeader: true, cell: (f) => f.name },
        { key: "count", header: "Count", cell: (f) => f.count },
      ],
      variant: "screen-reader",
    });
    expect(html).toContain('<th scope="row">Apple</th>');
    expect(html).not.toContain("class=");
  });

  it("shows the empty state instead of a table when there are no rows", () => {
    const html = render({ rows: [], empty: createElement("p", null, "No fruit yet") });
    expect(html).toBe("<p>No fruit yet</p>");
  });

  it("puts an expanded row under its row, spanning every column, with the id its control names", () => {
    const html = render({
      rowProps: (f) => ({ "data-testid": `row-${f.name}` }),
      expandedRow: (f) => (f.name === "Apple" ? { id: "apple-details", content: "Picked in May" } : null),
    });
    expect(html).toMatch(
      /<tr data-testid="row-Apple">.*?<\/tr><tr id="apple-details"><td colSpan="3"[^>]*>Picked in May<\/td><\/tr><tr data-testid="row-Pear">/,
    );
    expect(html.match(/colSpan/g)).toHaveLength(1);
  });
});
