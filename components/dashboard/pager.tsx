import Link from "next/link";
import type { ComponentProps } from "react";
import { ButtonLink } from "@/components/ui/button-link";

type Href = ComponentProps<typeof Link>["href"];

/** Previous/next links for a paginated list; nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  totalPages,
  href,
  summary,
}: {
  label: string;
  page: number;
  totalPages: number;
  href: (page: number) => Href;
  summary?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-600">
      <span>{summary ?? `Page ${page} of ${totalPages}`}</span>
      <span className="flex gap-2">
        {page > 1 && (
          <ButtonLink variant="secondary" size="sm" href={href(page - 1)}>
            Previous
          </ButtonLink>
        )}
        {page < totalPages && (
          <ButtonLink variant="secondary" size="sm" href={href(page + 1)}>
            Next
          </ButtonLink>
        )}
      </span>
    </nav>
  );
}
