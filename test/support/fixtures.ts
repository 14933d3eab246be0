import { randomBytes } from "node:crypto";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../../lib/db/client";
import { createUser } from "../../lib/users/create-user";
import { recordEvent } from "../../lib/events/record-event";
import { dispatchPendingEvents } from "../../lib/jobs/dispatch-events";
import { saveWebhook } from "../../lib/webhooks/manage-webhook";
import { eventDocument } from "../../lib/documents/serialize";
import type { TeamRole } from "../../lib/teams/permissions";
import type { Access } from "../../lib/viewer/grants/access";
import type { NewViewerLimit } from "../../lib/viewer/doors/limits";

/** What a reader who passed every door (password, gate, agreement) gets on a document of `pages` pages. */
export const openAccess = (pages: number): Access => ({
  ownerPreview: false,
  passwordOk: true,
  gatePassed: true,
  gateViewerId: null,
  gateEmail: null,
  agreementAccepted: true,
  agreementDue: false,
  readablePages: pages,
  fullFile: true,
  canDownload: true,
});

/** Lets every reader be recorded: for tests of something other than the new-readers cap. */
export const anyReader = async () => true;

/** A client address of its own for each call: for tests of something other than the per-address limits. */
export const readerAddress = () => `192.0.2.${randomBytes(3).toString("hex")}`;

/** The same for ingestBatch, which counts new readers itself. */
export const noReaderCap: NewViewerLimit = {
  key: `test:no-reader-cap:${randomBytes(6).toString("hex")}`,
  limit: 2_147_483_647,
  windowSeconds: 3600,
};

export async function ownerWithDocument(fields: Parameters<typeof createSampleDocument>[3] = { email_gate: false }) {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Webhook test", 3, fields);
  await db.event.updateMany({ where: { documentId: doc.id }, data: { dispatchedAt: new Date() } });
  return { owner, doc };
}

export async function withWebhook(teamId: string, url: string) {
  const { body } = await saveWebhook({ teamId, userId: null }, { url });
  return body as { webhook_id: string; secret: string };
}

/** One outbox event turned into a pending delivery, as the viewer or upload paths would. */
export async function queueEvent(teamId: string, doc: Parameters<typeof eventDocument>[0] & { id: string }) {
  const event = await db.$transaction((tx) =>
    recordEvent(tx, {
      teamId,
      documentId: doc.id,
      type: "document.downloaded",
      data: {
        document: eventDocument(doc),
        link: { code: doc.code, name: null },
        viewer: { email: null, company_domain: null, visit_number: 0 },
        download: { downloaded_at: new Date().toISOString() },
      },
    }),
  );
  const [deliveryId] = await dispatchPendingEvents();
  return { event, deliveryId: deliveryId! };
}

/** A user acting from the dashboard in a team, with a role there. */
export const teamAccess = <R extends TeamRole>(teamId: string, userId: string, role: R) =>
  ({ teamId, userId, role, keyAccess: null, apiKeyId: null, address: DASHBOARD_ADDRESS }) as const;

/** A user acting as the owner of their personal team (every account has one). */
export const ownerAccess = (user: { id: string; personalTeamId: string }) => teamAccess(user.personalTeamId, user.id, "owner");

/** The client address the tests' dashboard actors come from. */
export const DASHBOARD_ADDRESS = "203.0.113.7";
