import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type Account, newAccount } from "../test/support/playwright/accounts";
import { db } from "../test/support/playwright/database";
import { uploadOk } from "../test/support/playwright/upload";

/**
 * Each kind of server action called with arguments its page never sends, through the one wrapper
 * (lib/http/server-action.ts): a form action answers the form's error state, a button action
 * Next's not-found, a dashboard action without a session the redirect to sign-in. None is a 500, and
 * none changes anything. e2e/fuzz.spec.ts throws a seeded mix of such calls at every action.
 */
const MALFORMED = "This form was sent in a shape its page never sends";

function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
  if (!found) throw new Error(`no server action named ${name} in the build`);
  return found[0];
}

async function signIn(request: APIRequestContext, account: Account) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: account.email, password: account.password },
    maxRedirects: 0,
  });
}

const call = (request: APIRequestContext, baseURL: string, path: string, action: string, args: string) =>
  request.post(path, {
    headers: { "Next-Action": actionId(action), Origin: baseURL, "Content-Type": "text/plain;charset=UTF-8" },
    data: args,
    maxRedirects: 0,
  });

test("a malformed call of each kind of action is refused in its own way, never a 500, and changes nothing", async ({
  playwright,
  baseURL,
}) => {
  const account = await newAccount("malformed-actions");
  const owner = await playwright.request.newContext({ baseURL });
  const doc = await uploadOk(owner, account, { pages: 2 });
  await signIn(owner, account);
  const invitations = () => db.invitation.count({ where: { createdById: account.userId } });
  const before = await invitations();

  // A form action anyone may call: a string where the form's FormData goes.
  const signInAnswer = await call(owner, baseURL!, "/sign-in", "signInAction", '["$undefined","email=a@example.com"]');
  expect(signInAnswer.status()).toBe(200);
  expect(await signInAnswer.text()).toContain(MALFORMED);

  // A dashboard form action: an object where the form's FormData goes, then no arguments at all.
  for (const args of ['["$undefined",{"email":5}]', "[]"]) {
    const answer = await call(owner, baseURL!, "/settings/invitations", "createInvitationAction", args);
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain(MALFORMED);
  }
  // A bound form action whose document code is a number.
  const settings = await call(owner, baseURL!, `/documents/${doc.short_code}`, "updateSettingsAction", '[42,"$undefined","x"]');
  expect(settings.status()).toBe(200);
  expect(await settings.text()).toContain(MALFORMED);

  // A button action: a number where the document's code goes, a code of no document of the
  // owner's, none. Next answers an action's notFound() with its not-found page's payload.
  for (const args of ["[42]", '["s-zzzzzzzz"]', "[]"]) {
    const answer = await call(owner, baseURL!, "/documents", "deleteDocumentAction", args);
    expect(answer.status(), args).toBeLessThan(500);
    expect(await answer.text(), args).toContain("NEXT_HTTP_ERROR_FALLBACK;404");
  }

  // No session: the redirect to sign-in, whatever the arguments.
  const stranger = await playwright.request.newContext({ baseURL });
  for (const [action, args] of [
    ["createInvitationAction", '["$undefined",{"email":5}]'],
    ["deleteDocumentAction", `["${doc.short_code}"]`],
  ] as const) {
    const answer = await call(stranger, baseURL!, "/documents", action, args);
    expect(answer.status(), action).toBeLessThan(500);
    expect(answer.headers()["x-action-redirect"], action).toMatch(/^\/sign-in/);
  }

  expect(await invitations()).toBe(before);
  expect(await db.document.findUniqueOrThrow({ where: { id: doc.id } })).toMatchObject({ deletedAt: null, title: doc.title });
});
