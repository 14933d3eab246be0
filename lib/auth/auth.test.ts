import { describe, expect, it } from "vitest";
import { newJar, sessionEmail, signInWithPassword, signOutOverHttp } from "../../test/support/auth-http";
import { db } from "../db/client";
import { endAllSessions } from "../users/account-sessions";
import { createUser } from "../users/create-user";

const PASSWORD = "correct horse battery";
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${Date.now()}@example.com`;

describe("sessions of next-auth's JWT cookie", () => {
  it("each sign-in starts its own session on the server", async () => {
    const email = unique("starts");
    const user = await createUser({ email, password: PASSWORD });
    const [first, second] = [newJar(), newJar()];
    await signInWithPassword(email, PASSWORD, "198.51.100.21", first);
    await signInWithPassword(email, PASSWORD, "198.51.100.21", second);
    expect(await sessionEmail(first)).toBe(email);
    expect(await sessionEmail(second)).toBe(email);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);
  });

  it("signing out ends the session on the server: a copy of the cookie kept from before is signed out too", async () => {
    const email = unique("replay");
    const user = await createUser({ email, password: PASSWORD });
    const browser = newJar();
    await signInWithPassword(email, PASSWORD, "198.51.100.22", browser);
    const kept = new Map(browser);
    const elsewhere = newJar();
    await signInWithPassword(email, PASSWORD, "198.51.100.22", elsewhere);

    await signOutOverHttp(browser, "198.51.100.22");

    expect(await sessionEmail(browser)).toBeNull();
    expect(await sessionEmail(kept)).toBeNull();
    expect(await sessionEmail(elsewhere)).toBe(email);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("ending every session of the account signs out every browser it was signed in on", async () => {
    const email = unique("everywhere");
    const user = await createUser({ email, password: PASSWORD });
    const [laptop, phone] = [newJar(), newJar()];
    await signInWithPassword(email, PASSWORD, "198.51.100.23", laptop);
    await signInWithPassword(email, PASSWORD, "198.51.100.23", phone);

    await endAllSessions(user.id);

    expect(await sessionEmail(laptop)).toBeNull();
    expect(await sessionEmail(phone)).toBeNull();
    const again = newJar();
    await signInWithPassword(email, PASSWORD, "198.51.100.23", again);
    expect(await sessionEmail(again)).toBe(email);
  });
});
