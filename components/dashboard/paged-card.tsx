import type { ComponentProps, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { Pager } from "./pager";

/** What the page gives each of its list cards (viewers, leads, downloads). */
export type ListCardProps = {
  description: string;
  actions?: ReactNode;
  /** Why the list is empty, in the page's words. */
  empty: ReactNode;
  pageHref: ComponentProps<typeof Pager>["href"];
};

type Pagination = { page: number; total_pages: number };

/** A card holding one page of a list, with links to the other pages under it. */
export function PagedCard({
  title,
  pagerLabel,
  pagination,
  description,
  actions,
  pageHref,
  children,
}: Omit<ListCardProps, "empty"> & { title: string; pagerLabel: string; pagination: Pagination; children: ReactNode }) {
  return (
    <Card title={title} description={description} className="mb-6" actions={actions}>
      {children}
      <Pager label={pagerLabel} page={pagination.page} totalPages={pagination.total_pages} href={pageHref} />
    </Card>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-500">{children}</p>;
}

/** What stays the same of a table card from page to page. */
export type TableCard<Row> = {
  title: string;
  pagerLabel: string;
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
};

/** A `PagedCard` whose list is a table captioned with the card's title (its test id: `leads-table` for "Leads"). */
export function PagedTableCard<Row>({
  table: { columns, rowKey, ...names },
  rows,
  empty,
  ...card
}: ListCardProps & { table: TableCard<Row>; rows: readonly Row[]; pagination: Pagination }) {
  return (
    <PagedCard {...names} {...card}>
      <DataTable
        data-testid={`${names.title.toLowerCase()}-table`}
        caption={names.title}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        empty={<EmptyList>{empty}</EmptyList>}
      />
    </PagedCard>
  );
}
