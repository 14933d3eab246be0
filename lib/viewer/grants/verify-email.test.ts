import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { readerAddress } from "../../../test/support/fixtures";
import { readableMail } from "../../../test/support/smtp-sink";
import { smtpSinkForThisFile } from "../../../test/support/smtp-sink-per-file";
import { config, reloadConfig } from "../../config";
import { db } from "../../db/client";
import { sendDueNotifications } from "../../email/send-due-notifications";
import { ApiError } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import { rateLimitWindow } from "../../rate-limit";
import { now, setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import { passGate } from "./pass-gate";
import {
  CODE_LIMITS,
  CODE_TTL_SECONDS,
  checkVerificationCode,
  markLeadVerified,
  sendVerificationCode,
  WRONG_CODE_MESSAGE,
} from "./verify-email";

const smtp = await smtpSinkForThisFile();

let doc: Document;
let browser: string;
let address: string;
let serial = 0;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Series A deck", 3, { verify_email: true, block: ["rival.com"] });
  browser = `browser-${randomBytes(8).toString("hex")}`;
  address = `203.0.113.${++serial}`;
});
afterEach(() => setClockOffset(0));

/** The code in the latest email queued to this address (the outbox, as the runner would send it). */
async function codeSentTo(email: string): Promise<string> {
  const message = await db.notification.findFirstOrThrow({
    where: { toAddress: email, kind: "reader_code" },
    orderBy: { createdAt: "desc" },
  });
  return /is (\d{6})\./.exec(message.body)![1]!;
}

/** The error a promise rejects with (the test fails if it resolves). */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("email verification at the gate", () => {
  it("emails a 6-digit code naming the document through SMTP, and records no viewer or lead until it is entered", async () => {
    const email = `jane-${serial}@acme.com`;
    expect(await sendVerificationCode(doc, { email: email.toUpperCase(), name: "Jane" }, browser, address)).toEqual({ email });
    await sendDueNotifications();
    const mail = readableMail(smtp.mails.find((m) => m.includes(`To: ${email}`))!);
    expect(mail).toContain("Subject: Your code for Series A deck");
    const code = await codeSentTo(email);
    expect(mail).toContain(`Your code to open "Series A deck" is ${code}.`);
    expect(await db.viewer.count({ where: { documentId: doc.id } })).toBe(0);
    expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(0);
    const stored = await db.emailVerification.findFirstOrThrow({ where: { documentId: doc.id } });
    expect(stored.codeHash).not.toContain(code);

    const reader = await checkVerificationCode(doc, { code }, browser);
    expect(reader).toEqual({ email, name: "Jane" });
    await passGate(doc, reader, browser, readerAddress());
    await markLeadVerified(doc, reader.email);
    expect(await db.lead.findFirstOrThrow({ where: { documentId: doc.id } })).toMatchObject({ email, verified: true });
    // Used once.
    expect((await refusal(checkVerificationCode(doc, { code }, browser))).message).toBe(WRONG_CODE_MESSAGE);
  });

  it("emails the code as HTML in the sharing team's brand, from SMTP_FROM, the title escaped", async () => {
    process.env.SMTP_FROM = "Acme Capital <deals@acme-capital.test>";
    reloadConfig();
    try {
      const team = await db.team.update({
        where: { id: doc.teamId },
        data: {
          name: "Acme Capital",
          accentColor: "#0f766e",
          ...{
            logoKey: "teams/x/logo-c0.png",
            logoContentType: "image/png",
            logoSize: 10,
            logoWidth: 10,
            logoHeight: 10,
            logoHash: "c0ffee",
          },
        },
      });
      doc = await db.document.update({ where: { id: doc.id }, data: { title: `<img src=x onerror=alert(1)> & "Deck"` } });
      const email = `html-${serial}@acme.com`;
      await sendVerificationCode(doc, { email }, browser, address);
      await sendDueNotifications();
      const mail = readableMail(smtp.mails.find((m) => m.includes(`To: ${email}`))!);
      const code = await codeSentTo(email);
      expect(mail).toContain("From: Acme Capital <deals@acme-capital.test>");
      const html = mail.slice(mail.indexOf("Content-Type: text/html"));
      expect(html).toContain(`Your code to open &quot;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Deck&quot;&quot; is ${code}.`);
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("border-top:4px solid #0f766e");
      expect(html).toContain(`src="${config().APP_URL}/s/${doc.code}/logo?v=c0ffee" alt="${team.name}"`);
    } finally {
      delete process.env.SMTP_FROM;
      reloadConfig();
    }
  });

  it("sends nothing to an email the lists refuse", async () => {
    const error = await refusal(sendVerificationCode(doc, { email: "spy@rival.com" }, browser, address));
    expect([error.status, error.code]).toEqual([403, "forbidden"]);
    expect(await db.notification.count({ where: { toAddress: "spy@rival.com" } })).toBe(0);
    expect(await db.emailVerification.count({ where: { documentId: doc.id } })).toBe(0);
  });

  it("stops working after 10 minutes", async () => {
    await sendVerificationCode(doc, { email: "late@acme.com" }, browser, address);
    const code = await codeSentTo("late@acme.com");
    setClockOffset(CODE_TTL_SECONDS * 1000);
    expect((await refusal(checkVerificationCode(doc, { code }, browser))).message).toBe(WRONG_CODE_MESSAGE);
  });

  it("is burned by the fifth wrong try, each wrong try answered alike", async () => {
    await sendVerificationCode(doc, { email: "guess@acme.com" }, browser, address);
    const code = await codeSentTo("guess@acme.com");
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await refusal(checkVerificationCode(doc, { code: wrong(code) }, browser)));
    expect(new Set(answers.map((e) => JSON.stringify([e.status, e.code, e.message, e.fields]))).size).toBe(1);
    const burned = await refusal(checkVerificationCode(doc, { code }, browser));
    expect(JSON.stringify([burned.status, burned.code, burned.message, burned.fields])).toBe(
      JSON.stringify([answers[0]!.status, answers[0]!.code, answers[0]!.message, answers[0]!.fields]),
    );
  });

  it("is replaced by a new code, and works only in the browser it was asked from", async () => {
    await sendVerificationCode(doc, { email: "twice@acme.com" }, browser, address);
    const first = await codeSentTo("twice@acme.com");
    setClockOffset(1000);
    await sendVerificationCode(doc, { email: "twice@acme.com" }, browser, address);
    const second = await codeSentTo("twice@acme.com");
    if (first !== second) expect((await refusal(checkVerificationCode(doc, { code: first }, browser))).message).toBe(WRONG_CODE_MESSAGE);
    expect((await refusal(checkVerificationCode(doc, { code: second }, "another-browser-123456"))).message).toBe(WRONG_CODE_MESSAGE);
    expect(await checkVerificationCode(doc, { code: second }, browser)).toMatchObject({ email: "twice@acme.com" });
  });

  it("refuses what is not a 6-digit code without counting a try", async () => {
    await sendVerificationCode(doc, { email: "typo@acme.com" }, browser, address);
    const error = await refusal(checkVerificationCode(doc, { code: "12ab" }, browser));
    expect([error.status, error.message]).toEqual([422, "Enter the 6-digit code from the email"]);
    expect(error.fields).toEqual({ code: "Enter the 6-digit code from the email" });
    expect((await db.emailVerification.findFirstOrThrow({ where: { documentId: doc.id } })).attempts).toBe(0);
  });

  it(`sends at most ${CODE_LIMITS.perEmail.limit} codes per email and document in 10 minutes, then 429 with Retry-After`, async () => {
    // At the start of a window, so the test does not straddle two.
    const window = CODE_LIMITS.perEmail.windowSeconds * 1000;
    setClockOffset(Math.ceil(Date.now() / window) * window - Date.now() + 1000);
    for (let i = 0; i < CODE_LIMITS.perEmail.limit; i++) {
      await sendVerificationCode(doc, { email: "spam@acme.com" }, browser, `198.51.100.${i + 1}`);
    }
    const error = await refusal(sendVerificationCode(doc, { email: "spam@acme.com" }, browser, "198.51.100.99"));
    expect([error.status, error.code]).toEqual([429, "rate_limited"]);
    expect(Number(error.headers["Retry-After"])).toBeGreaterThan(0);
    expect(await db.notification.count({ where: { toAddress: "spam@acme.com" } })).toBe(CODE_LIMITS.perEmail.limit);
    // Another email is not held back by this one.
    await sendVerificationCode(doc, { email: "other@acme.com" }, browser, "198.51.100.98");
  });

  it(`sends at most ${CODE_LIMITS.perAddress.limit} codes per client address in an hour`, async () => {
    const window = CODE_LIMITS.perAddress.windowSeconds * 1000;
    setClockOffset(Math.ceil(Date.now() / window) * window - Date.now() + 1000);
    for (let i = 0; i < CODE_LIMITS.perAddress.limit; i++) {
      await sendVerificationCode(doc, { email: `reader-${i}@acme.com` }, browser, address);
    }
    const error = await refusal(sendVerificationCode(doc, { email: "one-more@acme.com" }, browser, address));
    expect([error.status, error.code]).toEqual([429, "rate_limited"]);
    // Most of the hour is left: the window started a second before the first code.
    expect(Number(error.headers["Retry-After"])).toBeGreaterThan(CODE_LIMITS.perAddress.windowSeconds - 300);
  });

  it("counts every alias of one mailbox as one email: victim+1 … victim+50 from 5 addresses get 3 codes, not 50", async () => {
    const window = CODE_LIMITS.perEmail.windowSeconds * 1000;
    setClockOffset(Math.ceil(Date.now() / window) * window - Date.now() + 1000);
    const answers = [];
    for (let i = 1; i <= 50; i++) {
      const email = i % 2 ? `victim+${i}@victim-inbox.com` : `v.i.c.t.i.m+${i}@victim-inbox.com`;
      answers.push(
        await sendVerificationCode(doc, { email }, browser, `198.51.100.${i % 5}`).then(
          () => 202,
          (e: ApiError) => e.status,
        ),
      );
    }
    expect(answers.filter((status) => status === 202)).toHaveLength(CODE_LIMITS.perEmail.limit);
    expect(await db.notification.count({ where: { toAddress: { endsWith: "@victim-inbox.com" }, kind: "reader_code" } })).toBe(
      CODE_LIMITS.perEmail.limit,
    );
  });

  it(`sends at most ${CODE_LIMITS.perDocument.limit} codes for one document in an hour, from any addresses to any emails`, async () => {
    const window = CODE_LIMITS.perDocument.windowSeconds * 1000;
    setClockOffset(Math.ceil(Date.now() / window) * window - Date.now() + 1000);
    const { start, end } = rateLimitWindow(now(), CODE_LIMITS.perDocument.windowSeconds);
    await db.rateLimitWindow.create({
      data: { key: `verify:document:${doc.id}`, windowStart: start, expiresAt: end, count: CODE_LIMITS.perDocument.limit - 1 },
    });
    await sendVerificationCode(doc, { email: "last@acme.com" }, browser, "198.51.100.201");
    const error = await refusal(sendVerificationCode(doc, { email: "too-many@acme.com" }, browser, "198.51.100.202"));
    expect([error.status, error.code]).toEqual([429, "rate_limited"]);
    expect(await db.notification.count({ where: { toAddress: "too-many@acme.com" } })).toBe(0);
  });

  it("refuses an address whose local part is over 64 characters or which is over 254, sending nothing", async () => {
    const long = await refusal(sendVerificationCode(doc, { email: `${"a".repeat(65)}@acme.com` }, "long-addresses-browser", address));
    expect([long.status, long.message]).toEqual([422, "The part before @ may hold at most 64 characters"]);
    const huge = await refusal(
      sendVerificationCode(doc, { email: `a@${Array(5).fill("b".repeat(60)).join(".")}.com` }, "long-addresses-browser", address),
    );
    expect(huge.status).toBe(422);
    expect(await db.emailVerification.count({ where: { documentId: doc.id, browserId: "long-addresses-browser" } })).toBe(0);
  });

  it(`sends at most ${CODE_LIMITS.perEmailDaily.limit} codes per mailbox and document in a day, however slowly they are asked for`, async () => {
    const { start, end } = rateLimitWindow(now(), CODE_LIMITS.perEmailDaily.windowSeconds);
    await db.rateLimitWindow.create({
      data: {
        key: `verify:email-day:${doc.id}:patient@acme.com`,
        windowStart: start,
        expiresAt: end,
        count: CODE_LIMITS.perEmailDaily.limit,
      },
    });
    const error = await refusal(sendVerificationCode(doc, { email: "pa.tient+again@acme.com" }, browser, "198.51.100.203"));
    expect([error.status, error.code]).toEqual([429, "rate_limited"]);
  });
});
