import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { reloadConfig } from "../config";
import { db } from "../db/client";
import { changeOverrides } from "../links/link-overrides";
import { VERIFY_NEEDS_SMTP } from "../schemas/access-rules";
import { uploadFieldsSchema, updateDocumentSchema } from "../schemas/documents";
import { createUser } from "../users/create-user";
import { serializeSettings } from "./serialize";
import { updateDocument } from "./update-document";

const owner = () => createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
const problems = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

// verify_email needs an email server configured; nothing is sent to it.
beforeAll(() => {
  process.env.SMTP_URL = "smtp://127.0.0.1:2525";
  reloadConfig();
});
afterAll(() => {
  delete process.env.SMTP_URL;
  reloadConfig();
});

describe("verify_email without an email server", () => {
  it("cannot be turned on, by PATCH or for a link, with a message that says what is missing; off is always fine", async () => {
    const doc = await createSampleDocument(await owner(), "No mail", 2);
    delete process.env.SMTP_URL;
    reloadConfig();
    try {
      const refused = await updateDocument(
        { teamId: doc.teamId, userId: null },
        doc,
        updateDocumentSchema.parse({ verify_email: true }),
      ).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: "validation_error", status: 422, message: VERIFY_NEEDS_SMTP });
      expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).verifyEmail).toBe(false);
      expect(await changeOverrides(doc, {}, { verify_email: true }).catch((error: unknown) => error)).toMatchObject({ status: 422 });
      expect(
        (await updateDocument({ teamId: doc.teamId, userId: null }, doc, updateDocumentSchema.parse({ verify_email: false }))).verifyEmail,
      ).toBe(false);
    } finally {
      process.env.SMTP_URL = "smtp://127.0.0.1:2525";
      reloadConfig();
    }
  });
});

describe("access rules as document settings", () => {
  it("an upload's form takes lists as a JSON array or as comma- or newline-separated text, normalized", () => {
    const fields = uploadFieldsSchema.parse({
      allow: '["Acme.com", "@partner.io", "jane@Globex.io"]',
      block: "rival.com,\n leaky@acme.com\n\n",
      verify_email: "true",
      expires_at: "2026-12-31T23:59:59Z",
      watermark: "Confidential · {email}",
      agreement: "https://example.com/nda",
    });
    expect(fields).toMatchObject({
      allow: ["acme.com", "partner.io", "jane@globex.io"],
      block: ["rival.com", "leaky@acme.com"],
      verify_email: true,
      expires_at: "2026-12-31T23:59:59Z",
    });
    expect(problems(uploadFieldsSchema.safeParse({ allow: '["acme.com"', block: "not a domain" }))).toEqual([
      ["allow", "allow must be a JSON array or emails and domains separated by commas or newlines"],
      ["block", 'block entries must be emails (jane@acme.com) or domains (acme.com); got "not a domain"'],
    ]);
  });

  it("a new document has none of them; settings show them once set, and PATCH clears them with null or []", async () => {
    const doc = await createSampleDocument(await owner(), "Rules", 3);
    expect(serializeSettings(doc)).toMatchObject({
      expires_at: null,
      verify_email: false,
      allow: [],
      block: [],
      watermark: null,
      agreement: null,
    });
    const set = updateDocumentSchema.parse({
      expires_at: "2027-01-01T00:00:00+01:00",
      verify_email: true,
      allow: ["ACME.com"],
      block: ["rival.com"],
      watermark: "{email} · {date}",
      agreement: "Keep it to yourself.",
    });
    const updated = await updateDocument({ teamId: doc.teamId, userId: null }, doc, set);
    expect(serializeSettings(updated)).toMatchObject({
      expires_at: "2026-12-31T23:00:00.000Z",
      verify_email: true,
      allow: ["acme.com"],
      block: ["rival.com"],
      watermark: "{email} · {date}",
      agreement: "Keep it to yourself.",
      gate_type: doc.gateType,
    });
    const cleared = await updateDocument(
      { teamId: doc.teamId, userId: null },
      updated,
      updateDocumentSchema.parse({ expires_at: null, allow: [], block: [], watermark: null, agreement: null, verify_email: false }),
    );
    expect(serializeSettings(cleared)).toEqual(serializeSettings(doc));
  });

  it("PATCH names each invalid rule", () => {
    expect(
      problems(
        updateDocumentSchema.safeParse({
          expires_at: "tomorrow",
          verify_email: "yes",
          watermark: "{name}",
          allow: Array(501).fill("a.io"),
        }),
      ),
    ).toEqual([
      ["expires_at", "expires_at must be an ISO 8601 date-time, e.g. 2026-12-31T23:59:59Z, or null"],
      ["verify_email", "verify_email must be true or false"],
      ["allow", "allow may hold at most 500 entries"],
      ["watermark", "watermark may only use the fields {email}, {date}, {ip}"],
    ]);
  });
});
