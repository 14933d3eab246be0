/**
 * `npm run seed`: a demo owner with generated PDFs shared over the last six weeks, readers, visits with
 * page times, downloads and leads since each was shared (people warming up this week, someone reading an hour ago), a webhook with its delivery history and the digest emails sent.
 * Prints how to sign in and a fresh API key. Run again, it adds only what the account lacks (an
 * account seeded before webhooks were seeded gets them) and a new key.
 */
import { createApiKey } from "../lib/auth/api-keys";
import pg from "pg";
import { config, databaseUrl } from "../lib/config";
import { db } from "../lib/db/client";
import { personalTeamOf } from "../lib/teams/personal-team";
import { createUser, findUserByEmail } from "../lib/users/create-user";
import { createSampleDocument, demoViewers, random, seedActivity, storyViewers } from "./lib/demo-data";
import { seedNotifications, seedWebhook } from "./lib/demo-webhook";
import { withDatabase } from "./lib/with-database";

const EMAIL = "demo@pagewise.local";
const PASSWORD = "pagewise-demo";

/** Each document shared `ageDays` ago, its readers since; the deck also carries the overview's story (storyViewers). */
const DOCUMENTS: Array<{
  title: string;
  pages: number;
  viewers: number;
  ageDays: number;
  story?: boolean;
  /** The most of it any reader reads in a visit: documents reach different engagement levels. */
  depthAtMost?: number;
  fields?: Parameters<typeof createSampleDocument>[3];
}> = [
  { title: "Series A Pitch Deck", pages: 14, viewers: 38, ageDays: 42, story: true },
  { title: "Product Roadmap 2027", pages: 9, viewers: 21, ageDays: 34, fields: { gate_type: "full" } },
  { title: "Security Whitepaper", pages: 22, viewers: 15, ageDays: 27, fields: { block_free_emails: true } },
  { title: "Customer Case Study Globex", pages: 6, viewers: 9, ageDays: 19, depthAtMost: 0.5, fields: { email_gate: false } },
  {
    title: "Board Update Q3",
    pages: 11,
    viewers: 4,
    ageDays: 9,
    depthAtMost: 0.15,
    fields: { password: "board-q3", allow_download: false },
  },
  { title: "Pricing Sheet", pages: 3, viewers: 0, ageDays: 2 },
];

/** Runs `task` holding a session-level advisory lock, on a connection of its own, that other seeds wait for. */
async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('pagewise:seed'))");
    return await task();
  } finally {
    await client.end();
  }
}

async function seedDocuments(owner: { id: string; personalTeamId: string }) {
  const rand = random(20261121);
  const now = Date.now();
  for (const spec of DOCUMENTS) {
    const created = await createSampleDocument(owner, spec.title, spec.pages, spec.fields);
    const createdAt = new Date(now - spec.ageDays * 86_400_000);
    const doc = await db.document.update({ where: { id: created.id }, data: { createdAt } });
    await db.documentVersion.updateMany({ where: { documentId: doc.id }, data: { createdAt } });
    const readers = demoViewers(spec.pages, spec.viewers, rand, spec.ageDays, now, spec.depthAtMost);
    await seedActivity(doc, spec.story ? [...readers, ...storyViewers(spec.pages, now)] : readers);
  }
}

// Two seeds at once (two terminals, two test workers) take turns: the second finds the account.
const result = await withDatabase(() => inTurn(seed));

async function seed() {
  const existing = await findUserByEmail(EMAIL);
  const created = existing ? null : await createUser({ email: EMAIL, password: PASSWORD, name: "Demo Owner" });
  const user = existing ?? created!;
  const teamId = created?.personalTeamId ?? (await personalTeamOf(user.id))!;
  if (created) await seedDocuments(created);
  const addWebhook = !(await db.webhook.findUnique({ where: { teamId } }));
  if (addWebhook) {
    await seedWebhook(teamId, Date.now());
    await seedNotifications(user, teamId, Date.now(), config().SMTP_URL ? "sent" : "logged");
  }
  return { created: !existing, addedWebhook: addWebhook, key: (await createApiKey({ teamId, userId: user.id }, "Seed")).key };
}

console.log(
  result.created
    ? `Seeded ${DOCUMENTS.length} documents with readers, visits, downloads and leads over the last 6 weeks, a webhook with deliveries, and digest emails.`
    : result.addedWebhook
      ? "The demo account already exists; added its webhook with deliveries and digest emails."
      : "The demo account already exists; here is a new API key for it.",
);
console.log(`Sign in at ${config().APP_URL} with ${EMAIL} / ${PASSWORD}`);
console.log("API key (shown once):");
console.log(result.key);
