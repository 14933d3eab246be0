"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { signOut } from "../../auth/auth";
import { waitDescription } from "../../credentials/account-limits";
import { clientAddress } from "../../request/server-headers";
import {
  accountTokenSchema,
  changeEmailForm,
  changeNameForm,
  changePasswordForm,
  deleteAccountForm,
  forgotPasswordForm,
  resetPasswordForm,
} from "../../schemas/users";
import { requestEmailChange } from "../../users/change-email";
import { changeName } from "../../users/change-name";
import { changePassword } from "../../users/change-password";
import { completePasswordReset } from "../../users/complete-password-reset";
import { confirmEmailChange } from "../../users/confirm-email-change";
import { deleteAccount } from "../../users/delete-account";
import { requestPasswordReset } from "../../users/request-password-reset";
import { requireUser } from "../require-user";
import { type FormProblems, anyone, formAction, formFields, formState } from "../server-action";

/** What the account page's forms and the password reset forms show: a refusal, or what was done. */
export type AccountFormState = (FormProblems & { done?: string }) | undefined;

const form = <Output>(schema: z.ZodType<Output>) => z.tuple([formState<AccountFormState>(), formFields(schema)]);
const address = async () => clientAddress(await headers());

export const changeNameAction = formAction(
  { session: requireUser, args: form(changeNameForm) },
  async (user, _state, input): Promise<AccountFormState> => {
    await changeName(user.id, input);
    revalidatePath("/", "layout");
    return { done: "Your name is saved." };
  },
);

export const changeEmailAction = formAction(
  { session: requireUser, args: form(changeEmailForm) },
  async (user, _state, input): Promise<AccountFormState> => {
    const outcome = await requestEmailChange({ userId: user.id, address: await address() }, input);
    switch (outcome.status) {
      case "changed":
        revalidatePath("/", "layout");
        return { done: `Your address is now ${outcome.email}. Sign in with it from now on.` };
      case "confirmation_sent":
        return {
          done: `We sent a link to ${outcome.email}. Open it while signed in to this account to finish; until then your address stays as it is.`,
        };
      case "email_not_sent":
        return { error: "The email could not be sent just now. Try again in a few minutes." };
    }
  },
);

export const changePasswordAction = formAction(
  { session: requireUser, args: form(changePasswordForm) },
  async (user, _state, input): Promise<AccountFormState> => {
    await changePassword({ userId: user.id, sessionId: user.sessionId, address: await address() }, input);
    return { done: "Your password is changed. Every other browser signed in to your account was signed out; this one stays signed in." };
  },
);

export const deleteAccountAction = formAction(
  { session: requireUser, args: form(deleteAccountForm) },
  async (user, _state, input): Promise<AccountFormState> => {
    await deleteAccount({ userId: user.id, address: await address() }, input);
    await signOut({ redirectTo: "/sign-in?notice=account-deleted" });
    return undefined;
  },
);

/** The emailed link's page: its button, signed in to the account that asked, gives the account the new address. */
export const confirmEmailChangeAction = formAction(
  { session: requireUser, args: form(z.object({ token: accountTokenSchema })) },
  async (user, _state, { token }): Promise<AccountFormState> => {
    await confirmEmailChange(user.id, token);
    revalidatePath("/", "layout");
    redirect("/settings/account?notice=email-confirmed");
  },
);

export const forgotPasswordAction = formAction(
  { session: anyone, args: form(forgotPasswordForm) },
  async (_session, _state, input): Promise<AccountFormState> => {
    const outcome = await requestPasswordReset(input, await address());
    switch (outcome.status) {
      case "check_email":
        return { done: "Check your email. If that address has an account here, a link to choose a new password is on its way." };
      case "unavailable":
        return { error: "This server cannot send email, so passwords cannot be reset by email. Ask its administrator." };
      case "rate_limited":
        return {
          error: `Too many reset requests for this address or from your network. Try again in ${waitDescription(outcome.retryAfter)}.`,
        };
      case "email_not_sent":
        return { error: "The email could not be sent just now. Try again in a few minutes." };
    }
  },
);

export const resetPasswordAction = formAction(
  { session: anyone, args: form(resetPasswordForm) },
  async (_session, _state, input): Promise<AccountFormState> => {
    const outcome = await completePasswordReset(input, await address());
    switch (outcome.status) {
      case "reset":
        redirect("/sign-in?notice=password-reset");
      case "invalid":
        return { error: "This link is invalid, has already been used, or has expired. Ask for a new one." };
      case "rate_limited":
        return { error: `Too many attempts from your network. Try again in ${waitDescription(outcome.retryAfter)}.` };
    }
  },
);
