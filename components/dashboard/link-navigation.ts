import type { PeriodKey } from "@/lib/dashboard/period";

/** A link's own dashboard page, in the period the owner was looking at (all time needs no parameter). */
export const linkPageHref = (documentCode: string, linkCode: string, period: PeriodKey = "all") =>
  `/documents/${documentCode}/links/${linkCode}${period === "all" ? "" : `?period=${period}`}`;

/** How the dashboard names a share code: the link's name, or "Default link" for the document's own code. */
export const linkName = (link: { name: string | null }) => link.name ?? "Default link";
