import { config } from "../config";
import type { Document } from "../generated/prisma/client";
import type { EventEnvelope } from "../webhooks/record-event";

/** The owner's email for a `document.viewed` event (sent at most once per viewer per 30 minutes, like the event). */
export function viewNotification(doc: Document, event: EventEnvelope) {
  const viewer = (event.data.viewer ?? {}) as { email?: string; company_domain?: string; pages_viewed?: number; visit_number?: number };
  const who = viewer.email ?? "Someone";
  return {
    kind: "document.viewed",
    subject: `${who} is viewing “${doc.title}”`,
    body:
      `${who}${viewer.company_domain ? ` (${viewer.company_domain})` : ""} opened “${doc.title}”` +
      `${viewer.visit_number && viewer.visit_number > 1 ? ` again (visit ${viewer.visit_number})` : ""}.\n\n` +
      `See who read what: ${config().APP_URL}/documents/${doc.code}\n\n` +
      `You get this email because notifications are on for this document. Turn them off in its settings.`,
  };
}
