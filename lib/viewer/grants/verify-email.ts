import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { config } from "../../config";
import { db } from "../../db/client";
import { enqueueOwnerEmail } from "../../email/enqueue-owner-email";
import { brandedHtml } from "../../email/branded-html";
import { teamEmailBrand } from "../../email/team-email-brand";
import { ApiError, invalidInput } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import type { AccessSubject } from "./access";
import { openedColumns, openedCondition } from "../tracking/opened-subject";
import { consumeRateLimit, rateLimitHeaders, type RateLimitState } from "../../rate-limit";
import { now } from "../../time";
import { verificationCodeForm } from "../../schemas/viewer";
import { lookalikeMailbox } from "../../rules/mailbox";
import { admittedEmail } from "./pass-gate";

/**
 * How long a code works, how many wrong tries burn it, and how many may be sent: per mailbox (all of
 * victim+1@…, victim+2@… count as victim@…, lib/rules/mailbox.ts), per client address, and per
 * document, so no number of addresses and aliases can turn a document into a mail cannon. The
 * per-document cap sits above what 15 addresses can send, so a flood from a handful of addresses
 * leaves codes for real readers.
 */
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_LIMITS = {
  perEmail: { limit: 3, windowSeconds: 10 * 60 },
  // With 5 tries a code, at most 50 guesses a day at one mailbox's codes: a month of guessing has a
  // 0.15 % chance, not the 6 % that 3 codes every 10 minutes allowed.
  perEmailDaily: { limit: 10, windowSeconds: 24 * 60 * 60 },
  perAddress: { limit: 10, windowSeconds: 60 * 60 },
  perDocument: { limit: 200, windowSeconds: 60 * 60 },
} as const;

/** One message for every code that does not open the document, so an answer tells nothing about which codes exist. */
export const WRONG_CODE_MESSAGE = "That code is not right or has expired. Check the email, or send a new code.";

/** What the code opens as the viewer's routes see it: a shared document, or a room (lib/viewer/rooms/public-room.ts). */
type SharedDoc = AccessSubject & { teamId: string; title: string };

// Keyed with the app secret and bound to the document and address: a leaked table row proves nothing.
const hashCode = (doc: Pick<Document, "id">, email: string, code: string) =>
  createHmac("sha256", `email-code:${config().AUTH_SECRET}`).update(`${doc.id}:${email}:${code}`).digest("base64url");

function limited(state: RateLimitState): ApiError {
  const minutes = Math.ceil(state.retryAfter / 60);
  return new ApiError("rate_limited", `Too many codes requested. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
    headers: rateLimitHeaders(state),
  });
}

/**
 * The gate's first step when the document verifies emails: once the lists admit the email, a
 * random 6-digit code replaces any earlier one of this browser on this share code and is emailed
 * (through the owner-email outbox: SMTP, or the local outbox without it), in the sharing team's
 * brand (its HTML part as digests', from SMTP_FROM). No viewer or lead yet.
 */
export async function sendVerificationCode(doc: SharedDoc, input: unknown, browserId: string, address: string): Promise<{ email: string }> {
  const { email, name } = admittedEmail(doc, input);
  const at = now();
  const byAddress = await consumeRateLimit(
    `verify:address:${address}`,
    at,
    CODE_LIMITS.perAddress.limit,
    CODE_LIMITS.perAddress.windowSeconds,
  );
  if (!byAddress.allowed) throw limited(byAddress);
  const byEmail = await consumeRateLimit(
    `verify:email:${doc.id}:${lookalikeMailbox(email)}`,
    at,
    CODE_LIMITS.perEmail.limit,
    CODE_LIMITS.perEmail.windowSeconds,
  );
  if (!byEmail.allowed) throw limited(byEmail);
  const byEmailToday = await consumeRateLimit(
    `verify:email-day:${doc.id}:${lookalikeMailbox(email)}`,
    at,
    CODE_LIMITS.perEmailDaily.limit,
    CODE_LIMITS.perEmailDaily.windowSeconds,
  );
  if (!byEmailToday.allowed) throw limited(byEmailToday);
  const byDocument = await consumeRateLimit(
    `verify:document:${doc.id}`,
    at,
    CODE_LIMITS.perDocument.limit,
    CODE_LIMITS.perDocument.windowSeconds,
  );
  if (!byDocument.allowed) throw limited(byDocument);

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const opened = openedColumns(doc);
  await db.$transaction(async (tx) => {
    await tx.emailVerification.deleteMany({ where: { ...opened, browserId, consumedAt: null } });
    await tx.emailVerification.create({
      data: {
        ...opened,
        email,
        name,
        browserId,
        codeHash: hashCode(doc, email, code),
        expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000),
        createdAt: at,
      },
    });
    // Kept in the outbox of the team's owner, who can pass a code on when no email server is set.
    const owner = await tx.teamMember.findFirstOrThrow({ where: { teamId: doc.teamId, role: "owner" }, select: { userId: true } });
    const message = codeEmail(doc.title, code);
    const html = brandedHtml(message.body, await teamEmailBrand(tx, doc));
    await enqueueOwnerEmail(tx, { userId: owner.userId, to: email, kind: "reader_code", ...message, html });
  });
  return { email };
}

export function codeEmail(title: string, code: string): { subject: string; body: string } {
  return {
    subject: `Your code for ${title}`,
    body: `Your code to open "${title}" is ${code}.\n\nIt works for ${CODE_TTL_SECONDS / 60} minutes. If you did not ask for it, ignore this email.`,
  };
}

/**
 * The gate's second step: the code of this browser's latest pending verification on this share
 * code, compared in constant time. A wrong code counts a try; the fifth wrong try burns it. A right
 * one is used up and returns the email and name to pass the gate with.
 */
export async function checkVerificationCode(doc: SharedDoc, input: unknown, browserId: string): Promise<{ email: string; name: string }> {
  const parsed = verificationCodeForm.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error, { wording: "sentence" });
  const at = now();
  const match = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Array<{ id: string; email: string; name: string; code_hash: string; attempts: number }>>`
      SELECT id, email, name, code_hash, attempts FROM email_verifications
      WHERE ${openedCondition(doc)} AND browser_id = ${browserId}
        AND consumed_at IS NULL AND expires_at > ${at} AND attempts < ${MAX_CODE_ATTEMPTS}
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`;
    const pending = rows[0];
    if (!pending) return null;
    const expected = Buffer.from(pending.code_hash);
    const actual = Buffer.from(hashCode(doc, pending.email, parsed.data.code));
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      await tx.emailVerification.update({ where: { id: pending.id }, data: { consumedAt: at } });
      return { email: pending.email, name: pending.name };
    }
    const attempts = pending.attempts + 1;
    await tx.emailVerification.update({
      where: { id: pending.id },
      data: { attempts, ...(attempts >= MAX_CODE_ATTEMPTS && { consumedAt: at }) },
    });
    return null;
  });
  if (!match) throw new ApiError("validation_error", WRONG_CODE_MESSAGE, { fields: { code: WRONG_CODE_MESSAGE } });
  return match;
}

/** After the gate is passed with a verified email: its lead says so (the API's leads, the CSV). */
export async function markLeadVerified(doc: Pick<Document, "id">, email: string): Promise<void> {
  await db.lead.updateMany({ where: { documentId: doc.id, email }, data: { verified: true } });
}

/**
 * The email this browser is waiting for a code at, on this share code (a code sent, not yet used,
 * expired or burned): a reload of the viewer goes back to the code step, not the email field.
 */
export async function pendingCodeEmail(doc: SharedDoc, browserId: string | undefined): Promise<{ email: string; name: string } | null> {
  if (!browserId) return null;
  const pending = await db.emailVerification.findFirst({
    where: {
      ...openedColumns(doc),
      browserId,
      consumedAt: null,
      expiresAt: { gt: now() },
      attempts: { lt: MAX_CODE_ATTEMPTS },
    },
    orderBy: { createdAt: "desc" },
    select: { email: true, name: true },
  });
  return pending;
}
