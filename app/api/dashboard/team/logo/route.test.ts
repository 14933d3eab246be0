import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeBranding } from "@/lib/branding/change-branding";
import { logoGate } from "@/lib/branding/logo-gate";
import { readTeamLogo } from "@/lib/branding/team-branding";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { createUser } from "@/lib/users/create-user";
import { teamAccess } from "@/test/support/fixtures";
import { blackPng, HTML_TAIL, SVG_WITH_SCRIPT, solidImage } from "@/test/support/hostile-images";
import { DELETE, POST } from "./route";

// The signed-in member: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => ({ user: { id: session.userId } }),
  signedInUser: async () => ({ id: session.userId, email: "someone@example.com", name: null, sessionId: null }),
}));

type User = Awaited<ReturnType<typeof createUser>>;
const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
const noParams = { params: Promise.resolve({}) };

function upload(body: BodyInit, headers: Record<string, string> = {}) {
  const req = new Request("http://localhost:3000/api/dashboard/team/logo", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return POST(req, noParams);
}
const remove = () => DELETE(new Request("http://localhost:3000/api/dashboard/team/logo", { method: "DELETE" }), noParams);

let owner: User, admin: User, member: User;
let teamId: string;
const filesOfTeam = async () => (await storage().list(`teams/${teamId}/`)).map((f) => f.key);
/** Stand-ins for logos being processed, held until the test releases them. */
function heldLogoWork() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { work: () => released, release };
}
const logoRow = () => db.team.findUniqueOrThrow({ where: { id: teamId }, select: { logoKey: true, logoHash: true } });

beforeAll(async () => {
  [owner, admin, member] = await Promise.all([newUser("owner"), newUser("admin"), newUser("member")]);
  teamId = owner.personalTeamId;
  await db.teamMember.createMany({
    data: [
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
    ],
  });
});

beforeEach(() => {
  session.userId = admin.id;
});

describe("POST /api/dashboard/team/logo", () => {
  it("stores an admin's logo re-encoded, and a new logo replaces the old file", async () => {
    const first = await upload(new Uint8Array(await solidImage("jpeg", 1000, 500)), { "Content-Type": "image/jpeg" });
    expect(first.status).toBe(201);
    const body = (await first.json()) as { hash: string; width: number; height: number };
    expect([body.width, body.height]).toEqual([256, 128]);
    expect(await filesOfTeam()).toEqual([expect.stringMatching(new RegExp(`^teams/${teamId}/logo-${body.hash}-[0-9a-f-]{36}\\.png$`))]);

    session.userId = owner.id;
    const second = await upload(new Uint8Array(await solidImage("webp", 100, 100)));
    expect(second.status).toBe(201);
    const { hash } = (await second.json()) as { hash: string };
    expect(await filesOfTeam()).toEqual([expect.stringMatching(new RegExp(`^teams/${teamId}/logo-${hash}-[0-9a-f-]{36}\\.png$`))]);
    expect(await readTeamLogo(teamId, body.hash)).toBeNull();
    const served = await readTeamLogo(teamId, hash);
    expect(served?.contentType).toBe("image/png");
  });

  it("refuses a member (403) and keeps the team's logo as it was", async () => {
    const before = await logoRow();
    const files = await filesOfTeam();
    session.userId = member.id;
    const response = await upload(new Uint8Array(await solidImage("png")));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect(await logoRow()).toEqual(before);
    expect(await filesOfTeam()).toEqual(files);
    expect((await remove()).status).toBe(403);
    expect(await logoRow()).toEqual(before);
  });

  it("refuses hostile files with a clear message and leaves nothing behind", async () => {
    const before = await logoRow();
    const files = await filesOfTeam();
    const hostile: Array<[Uint8Array<ArrayBuffer>, Record<string, string>, number, RegExp]> = [
      [new Uint8Array(SVG_WITH_SCRIPT), { "Content-Type": "image/png" }, 400, /SVG logos are not accepted/],
      [new Uint8Array(Buffer.from(HTML_TAIL)), { "Content-Type": "image/png" }, 400, /not an image we accept/],
      [new Uint8Array(await solidImage("gif")), {}, 400, /GIF/],
      [new Uint8Array(2 * 1024 * 1024), {}, 413, /larger than the 1 MB/],
      [new Uint8Array(blackPng(1, 25_000_000)), {}, 400, /1 × 25,000,000 pixels; a logo may be at most 8,000 pixels wide/],
      [new Uint8Array(await solidImage("png", 2100, 100)), {}, 400, /longer side may be at most 20 times its shorter side/],
    ];
    for (const [body, headers, status, message] of hostile) {
      const response = await upload(body, headers);
      const answer = (await response.json()) as { error: { message: string } };
      expect(response.status, String(message)).toBe(status);
      expect(answer.error.message).toMatch(message);
    }
    expect(await logoRow()).toEqual(before);
    expect(await filesOfTeam()).toEqual(files);
  });

  it("answers 429 rate_limited with Retry-After while the account's last logo is in progress, or the line is full, and changes nothing", async () => {
    const before = await logoRow();
    const files = await filesOfTeam();
    const image = new Uint8Array(await solidImage("png"));
    const inProgress = heldLogoWork();

    // The admin's own upload holds the gate; twelve more at once from the admin are refused.
    const admins = logoGate().run(admin.id, inProgress.work);
    const flood = await Promise.all(Array.from({ length: 12 }, () => upload(image)));
    for (const response of flood) {
      expect(response.status).toBe(429);
      expect(response.headers.get("Retry-After")).toBe("2");
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error).toEqual({ code: "rate_limited", message: "Your last logo is still being processed. Try again in 2 seconds." });
    }

    // Two other accounts wait in line behind it; a third is refused, though it has nothing in progress.
    const waiting = [logoGate().run("another-account", inProgress.work), logoGate().run("a-third-account", inProgress.work)];
    session.userId = owner.id;
    const full = await upload(image);
    expect(full.status).toBe(429);
    expect(full.headers.get("Retry-After")).toBe("2");
    expect(((await full.json()) as { error: { message: string } }).error.message).toMatch(/Too many logos are being processed right now/);
    // A file refused from its header is answered as such, not told to wait.
    expect((await upload(new Uint8Array(blackPng(1, 25_000_000)))).status).toBe(400);

    expect(await logoRow()).toEqual(before);
    expect(await filesOfTeam()).toEqual(files);
    inProgress.release();
    await Promise.all([admins, ...waiting]);
    session.userId = admin.id;
    expect((await upload(image)).status).toBe(201);
  });

  it("cuts off a body streamed past 1 MB without a Content-Length", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        if (sent > 8 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await upload(stream);
    expect(response.status).toBe(413);
    // Read stopped just past the cap, not at the end of the 8 MB stream.
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it("serves a polyglot's image without its trailing HTML", async () => {
    const polyglot = Buffer.concat([await solidImage("png"), Buffer.from(HTML_TAIL)]);
    const response = await upload(new Uint8Array(polyglot));
    const { hash } = (await response.json()) as { hash: string };
    const served = await readTeamLogo(teamId, hash);
    const bytes = Buffer.concat(await served!.body.toArray());
    expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe("png");
  });
});

describe("DELETE /api/dashboard/team/logo", () => {
  it("removes the logo's row fields and its file", async () => {
    await upload(new Uint8Array(await solidImage("png")));
    expect(await filesOfTeam()).toHaveLength(1);
    expect((await remove()).status).toBe(204);
    expect(await logoRow()).toEqual({ logoKey: null, logoHash: null });
    expect(await filesOfTeam()).toEqual([]);
  });
});

describe("changeBranding", () => {
  it("lets admins set the accent and hide the mark, and refuses members", async () => {
    await changeBranding(teamAccess(teamId, admin.id, "admin"), { accentColor: "#fde68a", hidePagewiseMark: true });
    expect(await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { accentColor: true, hidePagewiseMark: true } })).toEqual({
      accentColor: "#fde68a",
      hidePagewiseMark: true,
    });
    await expect(
      changeBranding(teamAccess(teamId, member.id, "member"), { accentColor: null, hidePagewiseMark: false }),
    ).rejects.toMatchObject({
      status: 403,
    });
    // A member who claims a higher role is read again inside the transaction.
    await expect(
      changeBranding(teamAccess(teamId, member.id, "admin"), { accentColor: null, hidePagewiseMark: false }),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).accentColor).toBe("#fde68a");
  });

  it("writes what changed to the audit log, naming the admin; a refused change and a change to the same values write nothing", async () => {
    const entries = () => db.auditEntry.findMany({ where: { teamId, action: "team.branding_changed" }, orderBy: { createdAt: "asc" } });
    const before = (await entries()).length;
    await changeBranding(teamAccess(teamId, admin.id, "admin"), { accentColor: "#0f766e", hidePagewiseMark: false });
    await changeBranding(teamAccess(teamId, admin.id, "admin"), { accentColor: "#0f766e", hidePagewiseMark: false });
    await changeBranding(teamAccess(teamId, member.id, "member"), { accentColor: "#000000", hidePagewiseMark: true }).catch(
      () => undefined,
    );
    const written = (await entries()).slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      actorUserId: admin.id,
      details: { changes: { accent_color: { to: "#0f766e" }, hide_pagewise_mark: { to: false } } },
    });
  });

  it("is held by the database too: an accent that is not #rrggbb is refused", async () => {
    await expect(db.team.update({ where: { id: teamId }, data: { accentColor: "red;x" } })).rejects.toThrow(/accent_color/);
  });
});
