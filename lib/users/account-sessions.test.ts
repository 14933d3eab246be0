import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { setClockOffset } from "../time";
import { SESSION_MAX_AGE_SECONDS, endAllSessions, endSession, sessionOf, startSession } from "./account-sessions";
import { createUser } from "./create-user";

const newUser = () => createUser({ email: `sessions-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

afterEach(() => setClockOffset(0));

describe("account sessions", () => {
  it("belong to their account from sign-in until they are ended", async () => {
    const user = await newUser();
    const session = await startSession(user.id);
    expect((await sessionOf(session))?.userId ?? null).toBe(user.id);

    await endSession(session);
    expect((await sessionOf(session))?.userId ?? null).toBeNull();
    await endSession(session);
  });

  it("ending one session leaves the account's other sessions signed in", async () => {
    const user = await newUser();
    const [laptop, phone] = [await startSession(user.id), await startSession(user.id)];
    await endSession(laptop);
    expect((await sessionOf(phone))?.userId ?? null).toBe(user.id);
  });

  it("ending every session of an account signs it out everywhere and no one else", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const sessions = [await startSession(user.id), await startSession(user.id)];
    const others = await startSession(other.id);

    expect(await endAllSessions(user.id)).toBe(2);
    for (const session of sessions) expect((await sessionOf(session))?.userId ?? null).toBeNull();
    expect((await sessionOf(others))?.userId ?? null).toBe(other.id);
  });

  it("last at most SESSION_MAX_AGE_SECONDS after sign-in", async () => {
    const user = await newUser();
    const session = await startSession(user.id);
    setClockOffset((SESSION_MAX_AGE_SECONDS - 60) * 1000);
    expect((await sessionOf(session))?.userId ?? null).toBe(user.id);
    setClockOffset((SESSION_MAX_AGE_SECONDS + 1) * 1000);
    expect((await sessionOf(session))?.userId ?? null).toBeNull();
  });

  it("end with their account", async () => {
    const user = await newUser();
    const session = await startSession(user.id);
    await db.user.delete({ where: { id: user.id } });
    expect((await sessionOf(session))?.userId ?? null).toBeNull();
  });

  it("are unguessable ids, never reused", async () => {
    const user = await newUser();
    const ids = new Set([await startSession(user.id), await startSession(user.id), await startSession(user.id)]);
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionOf("not-a-session")).toBeNull();
  });
});
