import type { Viewer } from "../generated/prisma/client";
import { levelOfRank } from "../analytics/engagement";

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** email/company_domain appear in payloads only once the viewer passed the email gate. */
export function identity(viewer: Pick<Viewer, "email" | "companyDomain">) {
  return viewer.email ? { email: viewer.email, company_domain: viewer.companyDomain } : {};
}

export function viewedPayload(viewer: Viewer, pageCount: number, visitNumber: number) {
  return {
    ...identity(viewer),
    pages_viewed: viewer.pagesViewed,
    total_pages: pageCount,
    completion: round(viewer.completion, 4),
    time_spent_seconds: round(viewer.totalTimeSeconds),
    engagement_label: levelOfRank(viewer.engagementRank).label,
    visit_number: visitNumber,
  };
}
