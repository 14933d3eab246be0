import { redirect } from "next/navigation";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ownerAccess, ownerWithDocument } from "../../test/support/fixtures";
import { createLinkFromForm } from "../dashboard/save-link-form";
import { linkFieldProblems } from "../dashboard/link-form-input";
import { db } from "../db/client";
import { deleteDocument } from "../documents/delete-document";
import { findOwnedDocument } from "../documents/find-document";
import { ApiError } from "../errors";
import { invitationInputSchema } from "../schemas/users";
import { createInvitation } from "../users/invitations";
import { MALFORMED_ACTION, buttonAction, formAction, formData, formFields, formState, shortCode } from "./server-action";

type Owner = Awaited<ReturnType<typeof ownerWithDocument>>;
let alice: Owner;
let bob: Owner;
beforeAll(async () => {
  alice = await ownerWithDocument();
  bob = await ownerWithDocument();
});

const signedIn = (who: () => Owner) => async () => who().owner;
/** What requireUser does without a session (lib/http/require-user.ts): Next's redirect to sign-in. */
const signedOut = async (): Promise<never> => redirect("/sign-in");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

type InvitationState = { url?: string; error?: string; fieldErrors?: Record<string, string> } | undefined;
/** The invitation form's action, as lib/http/actions/invitation-actions.ts declares it. */
const invite = (session: () => Promise<{ id: string; personalTeamId: string }>) =>
  formAction(
    { session, args: z.tuple([formState<InvitationState>(), formFields(invitationInputSchema)]) },
    async (user, _state, input): Promise<InvitationState> => ({ url: (await createInvitation(ownerAccess(user), input)).url }),
  );
const invitationsOf = (owner: Owner) => db.invitation.count({ where: { createdById: owner.owner.id } });

describe("a form action", () => {
  it("answers arguments its page never sends with an error in the form's state, and runs nothing", async () => {
    const action = invite(signedIn(() => alice)) as (...args: unknown[]) => Promise<InvitationState>;
    const before = await invitationsOf(alice);
    expect(await action(undefined, "email=a@example.com")).toEqual({ error: MALFORMED_ACTION });
    expect(await action(undefined, { email: "a@example.com" })).toEqual({ error: MALFORMED_ACTION });
    expect(await action(undefined)).toEqual({ error: MALFORMED_ACTION });
    expect(await action()).toEqual({ error: MALFORMED_ACTION });
    expect(await invitationsOf(alice)).toBe(before);
  });

  it("answers fields the schema refuses (wrong type, oversized) with each field's problem by its name", async () => {
    const action = invite(signedIn(() => alice));
    const before = await invitationsOf(alice);
    expect(await action(undefined, form({ email: "not an address", days: "eleven" }))).toEqual({
      fieldErrors: { email: expect.any(String), days: expect.any(String) },
    });
    expect(await action(undefined, form({ email: `${"a".repeat(300)}@example.com` }))).toEqual({
      fieldErrors: { email: expect.any(String) },
    });
    expect(await invitationsOf(alice)).toBe(before);
  });

  it("reads a form with fields left blank or missing as not sent, so the schema's defaults apply", async () => {
    const action = invite(signedIn(() => alice));
    expect(await action(undefined, form({ email: "", days: "" }))).toEqual({ url: expect.stringContaining("/sign-up?invite=") });
    expect(await action(undefined, form({}))).toEqual({ url: expect.stringContaining("/sign-up?invite=") });
  });

  it("answers missing bound arguments and wrong types with the error, before the domain is asked", async () => {
    const action = formAction(
      { session: signedIn(() => alice), args: z.tuple([shortCode, formState<InvitationState>(), formData]) },
      async (user, code): Promise<InvitationState> => ({ url: (await findOwnedDocument(user.personalTeamId, code)).code }),
    ) as (...args: unknown[]) => Promise<InvitationState>;
    expect(await action(42, undefined, form({}))).toEqual({ error: MALFORMED_ACTION });
    expect(await action("x".repeat(65), undefined, form({}))).toEqual({ error: MALFORMED_ACTION });
    expect(await action(alice.doc.code, undefined, "not a form")).toEqual({ error: MALFORMED_ACTION });
  });

  it("answers the domain's refusals in the form's words, its field problems under the form's field names", async () => {
    type LinkState = { ok?: boolean; error?: string; fieldErrors?: Record<string, string> } | undefined;
    const action = formAction(
      {
        session: signedIn(() => alice),
        args: z.tuple([shortCode, formState<LinkState>(), formData]),
        formFields: linkFieldProblems,
        failure: (message) => `The link could not be saved: ${message}.`,
      },
      async (user, code, _state, data): Promise<LinkState> => {
        await createLinkFromForm(ownerAccess(user), await findOwnedDocument(user.personalTeamId, code), data);
        return { ok: true };
      },
    );
    const links = await db.link.count({ where: { documentId: bob.doc.id } });
    expect(await action(bob.doc.code, undefined, form({ name: "mine now" }))).toEqual({
      error: "The link could not be saved: Document not found.",
    });
    expect(await db.link.count({ where: { documentId: bob.doc.id } })).toBe(links);

    const refused = await action(alice.doc.code, undefined, form({ name: "x", expires_at_mode: "at", expires_at: "someday" }));
    expect(refused).toMatchObject({
      error: expect.stringMatching(/^The link could not be saved: /),
      fieldErrors: { expires_at: expect.any(String) },
    });
  });

  it("lets a failure that is not the client's through, for Next to answer as the server error it is", async () => {
    const busy = formAction({ session: signedIn(() => alice), args: z.tuple([]) }, async () => {
      throw new ApiError("service_unavailable", "busy");
    });
    await expect(busy()).rejects.toThrow("busy");
    const broken = formAction({ session: signedIn(() => alice), args: z.tuple([]) }, async () => {
      throw new Error("disk full");
    });
    await expect(broken()).rejects.toThrow("disk full");
  });

  it("refuses a caller without a session the way the session step does (to sign-in), whatever the arguments, and runs nothing", async () => {
    const action = invite(signedOut) as (...args: unknown[]) => Promise<InvitationState>;
    const before = await db.invitation.count();
    await expect(action(undefined, form({ email: "a@example.com" }))).rejects.toMatchObject({
      digest: expect.stringContaining(";/sign-in;"),
    });
    await expect(action("garbage")).rejects.toMatchObject({ digest: expect.stringContaining(";/sign-in;") });
    expect(await db.invitation.count()).toBe(before);
  });
});

describe("a button action", () => {
  const remove = (session: () => Promise<{ id: string; personalTeamId: string }>) =>
    buttonAction({ session, args: z.tuple([shortCode]) }, async (user, code) => {
      await deleteDocument(ownerAccess(user), code);
    }) as (...args: unknown[]) => Promise<void>;
  const notFound = { digest: "NEXT_HTTP_ERROR_FALLBACK;404" };

  it("answers arguments its page never sends, and the domain's refusals, with Next's 404, changing nothing", async () => {
    const action = remove(signedIn(() => alice));
    await expect(action()).rejects.toMatchObject(notFound);
    await expect(action(42)).rejects.toMatchObject(notFound);
    await expect(action(new FormData())).rejects.toMatchObject(notFound);
    await expect(action(bob.doc.code)).rejects.toMatchObject(notFound);
    expect(await db.document.findUniqueOrThrow({ where: { id: bob.doc.id } })).toMatchObject({ deletedAt: null });
  });

  it("refuses a caller without a session before reading the arguments", async () => {
    await expect(remove(signedOut)(alice.doc.code)).rejects.toMatchObject({ digest: expect.stringContaining(";/sign-in;") });
    expect(await db.document.findUniqueOrThrow({ where: { id: alice.doc.id } })).toMatchObject({ deletedAt: null });
  });
});
