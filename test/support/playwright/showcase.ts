import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { demoViewers, random, seedActivity } from "../../../scripts/lib/demo-data";
import { seedNotifications, seedWebhook } from "../../../scripts/lib/demo-webhook";
import { createInvitation } from "../../../lib/users/invitations";
import { type Account, invitationPath, newAccount } from "./accounts";
import { db } from "./database";
import { screenOf, signedIn as signedInWith } from "./sign-in";
import { uploadOk } from "./upload";

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

/**
 * An owner whose every dashboard page has something on it (documents with readers and leads, a
 * named link, a webhook with deliveries, notifications, keys and invitations), and the shared
 * links a reader meets: an open document, an email gate, a password and an agreement.
 */
export type Showcase = {
  owner: Account;
  /** A second owner with nothing uploaded: the first-upload empty states. */
  newcomer: Account;
  documentCode: string;
  /** The code of the document's named link, whose page has its own figures. */
  linkCode: string;
  signUpPath: string;
  reader: { open: string; gate: string; gateAfterPreview: string; password: string; agreement: string };
};

const path = (doc: { short_code: string }) => `/s/${doc.short_code.slice(2)}`;

export async function seedShowcase(request: APIRequestContext): Promise<Showcase> {
  const [owner, newcomer] = await Promise.all([newAccount("showcase"), newAccount("newcomer")]);
  const long = "Quarterly board update with a title long enough to wrap on a phone screen";
  const main = await uploadOk(request, owner, { pages: 6, fields: { title: long, gate_page: "3" } });
  const second = await uploadOk(request, owner, { pages: 8, fields: { title: "Pricing sheet", email_gate: "false" } });
  const gated = await uploadOk(request, owner, { pages: 2, fields: { title: "Gated memo", gate_type: "full" } });
  const locked = await uploadOk(request, owner, {
    pages: 2,
    fields: { title: "Locked memo", email_gate: "false", password: "open sesame" },
  });
  const agreed = await uploadOk(request, owner, {
    pages: 2,
    fields: { title: "Terms memo", email_gate: "false", agreement: "I will keep this document confidential." },
  });
  const linked = await request.post(`/api/v1/documents/${main.short_code}/links`, {
    headers: owner.auth,
    data: { name: "Sequoia — Jane Doe, partner" },
  });
  expect(linked.status()).toBe(201);
  for (const [doc, seed] of [
    [main, 7],
    [second, 11],
  ] as const) {
    const row = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    await seedActivity(row, demoViewers(row.pageCount, 8, random(seed)));
  }
  await seedWebhook(owner.teamId, Date.now());
  await seedNotifications({ id: owner.userId, email: owner.email }, owner.teamId, Date.now(), "logged");
  const asOwner = { teamId: owner.teamId, userId: owner.userId, role: "owner", keyAccess: null, apiKeyId: null, address: null } as const;
  await createInvitation(asOwner, { email: "colleague@example.com" });
  await createInvitation(asOwner, {});
  return {
    owner,
    newcomer,
    documentCode: main.short_code.slice(2),
    linkCode: ((await linked.json()) as { code: string }).code,
    signUpPath: await invitationPath(),
    reader: {
      open: path(second),
      gate: path(gated),
      gateAfterPreview: path(main),
      password: path(locked),
      agreement: path(agreed),
    },
  };
}

/** A fresh browser context at the given size (a phone one with touch), signed in as the account. */
export const signedIn = (browser: Browser, account: Account, viewport: { width: number; height: number }): Promise<Page> =>
  signedInWith(browser, account, screenOf(viewport));

/** Every page of the dashboard for a signed-in owner. */
export const dashboardPaths = (showcase: Showcase) => [
  "/overview",
  "/documents",
  `/documents/${showcase.documentCode}`,
  `/documents/${showcase.documentCode}/links/${showcase.linkCode}`,
  "/rooms",
  "/contacts",
  "/questions",
  "/settings/api-keys",
  "/settings/webhook",
  "/settings/notifications",
  "/settings/invitations",
  "/settings/account",
  "/settings/audit-log",
];
