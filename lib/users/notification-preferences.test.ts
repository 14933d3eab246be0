import { ownerAccess } from "../../test/support/fixtures";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "./create-user";
import { getNotificationPreferences, updateNotificationPreferences } from "./notification-preferences";

const newOwner = () => createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

describe("notification preferences", () => {
  it("report new leads and completed reads until the owner turns them off", async () => {
    const owner = await newOwner();
    expect(await getNotificationPreferences(ownerAccess(owner))).toEqual({ new_leads: true, completed_reads: true });
    await updateNotificationPreferences(ownerAccess(owner), { new_leads: false, completed_reads: true });
    expect(await getNotificationPreferences(ownerAccess(owner))).toEqual({ new_leads: false, completed_reads: true });
  });

  it("refuse anything but two booleans and change nothing then", async () => {
    const owner = await newOwner();
    await expect(updateNotificationPreferences(ownerAccess(owner), { new_leads: "off", completed_reads: false })).rejects.toThrow(
      /new_leads must be true or false/,
    );
    await expect(updateNotificationPreferences(ownerAccess(owner), { new_leads: false })).rejects.toThrow(/completed_reads/);
    await expect(
      updateNotificationPreferences(ownerAccess(owner), { new_leads: false, completed_reads: false, views: false }),
    ).rejects.toThrow(/views/);
    expect(await getNotificationPreferences(ownerAccess(owner))).toEqual({ new_leads: true, completed_reads: true });
  });
});
