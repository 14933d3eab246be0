import type { Viewer } from "../../generated/prisma/client";

/** email/company_domain appear in payloads only once the viewer passed the email gate. */
export function identity(viewer: Pick<Viewer, "email" | "companyDomain">) {
  return viewer.email ? { email: viewer.email, company_domain: viewer.companyDomain } : {};
}
