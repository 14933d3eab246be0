"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import "server-only";
import { waitDescription } from "../../credentials/account-limits";
import { SignInRefused, magicLinkEnabled, signIn, signOut } from "../../auth/auth";
import { safeCallbackPath } from "../../auth/callback-path";
import { clientAddress } from "../../request/server-headers";
import { endAllSessions } from "../../users/account-sessions";
import { completeSignup } from "../../users/complete-signup";
import { emailSchema, signInFormSchema, signupFormSchema } from "../../schemas/users";
import { requestSignup } from "../../users/request-signup";
import { requireUser } from "../require-user";
import { type FormProblems, anyArguments, anyone, buttonAction, fieldErrorsOf, formAction, formData, formState } from "../server-action";

export type FormState = (FormProblems & { values?: Record<string, string> }) | undefined;

/** Signing in and up: anyone may call, with the form's previous state and its fields. */
const authForm = { session: anyone, args: z.tuple([formState<FormState>(), formData]) };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const INVITATION_UNUSABLE = "This invitation can no longer be used: it has expired, been revoked or been used. Ask for a new one.";

export const signUpAction = formAction(authForm, async (_session, _state, form): Promise<FormState> => {
  const values = { email: text(form, "email"), name: text(form, "name") };
  const parsed = signupFormSchema.safeParse({
    ...values,
    password: text(form, "password"),
    invitation: text(form, "invitation") || undefined,
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const outcome = await requestSignup(parsed.data, clientAddress(await headers()));
  switch (outcome.status) {
    case "first_account":
      // A refused sign-in (busy, limited) leaves the person at the sign-in form.
      await signInIfPasswordMatches(parsed.data.email, parsed.data.password, "/documents");
      redirect("/sign-in?notice=first-account");
    case "check_email":
      redirect("/sign-up/check-email");
    case "sign_in":
      // Through an invitation, the new account is signed in at once and lands in the team that
      // invited it. An address that already had an account signs in only with its own password,
      // so the answer still tells nobody whether it had one.
      if (parsed.data.invitation) await signInIfPasswordMatches(parsed.data.email, parsed.data.password, "/documents");
      redirect("/sign-in?notice=signed-up");
    case "email_not_sent":
      return { error: "The email could not be sent just now. Try again in a few minutes.", values };
    case "closed":
      return { error: "Sign-up is closed on this server. Ask its administrator to create your account.", values };
    case "invitation_required":
      return {
        error: "Sign-up on this server needs an invitation. Ask someone who has an account to send you an invitation link.",
        values,
      };
    case "invitation_invalid":
      return { error: INVITATION_UNUSABLE, values };
    case "invitation_other_email":
      return { fieldErrors: { email: "This invitation is for another email address. Use the address it was sent to." }, values };
    case "rate_limited":
      return { error: `Too many sign-up attempts. Try again in ${waitDescription(outcome.retryAfter)}.`, values };
    case "busy":
      return { error: `The server is busy. Try again in ${outcome.retryAfter} seconds.`, values };
  }
});

/** Signs in with the password just given (next-auth redirects by throwing); a refused or mismatched sign-in returns. */
async function signInIfPasswordMatches(email: string, password: string, redirectTo: string): Promise<void> {
  try {
    await signIn("credentials", { email, password, redirectTo });
  } catch (error) {
    if (!(error instanceof SignInRefused) && !(error instanceof AuthError)) throw error;
  }
}

export const completeSignupAction = formAction(authForm, async (_session, _state, form): Promise<FormState> => {
  const outcome = await completeSignup(text(form, "token"));
  switch (outcome.status) {
    case "created":
      redirect("/sign-in?notice=verified");
    case "exists":
      redirect("/sign-in?notice=account-exists");
    case "invalid":
      return { error: "This link is invalid or has expired. Sign up again to get a new one." };
    case "closed":
      return { error: "Sign-up has been closed on this server since you signed up. Ask its administrator to create your account." };
    case "invitation_required":
    case "invitation_invalid":
      return { error: INVITATION_UNUSABLE };
  }
});

export const signInAction = formAction(authForm, async (_session, _state, form): Promise<FormState> => {
  const values = { email: text(form, "email") };
  const parsed = signInFormSchema.safeParse({ email: values.email, password: text(form, "password") });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  try {
    await signIn("credentials", { ...parsed.data, redirectTo: safeCallbackPath(text(form, "next")) ?? "/documents" });
  } catch (error) {
    if (error instanceof SignInRefused) {
      return {
        error:
          error.reason === "busy"
            ? `The server is busy checking other sign-ins. Try again in ${error.retryAfter} seconds.`
            : `Too many sign-in attempts from your network. Try again in ${waitDescription(error.retryAfter)}.`,
        values,
      };
    }
    if (error instanceof AuthError) return { error: "That email and password don't match an account.", values };
    throw error;
  }
});

export const magicLinkAction = formAction(authForm, async (_session, _state, form): Promise<FormState> => {
  const values = { email: text(form, "email") };
  const email = emailSchema.safeParse(values.email);
  if (!email.success) return { fieldErrors: { email: "Enter a valid email address" }, values };
  if (!magicLinkEnabled()) return { error: "This server cannot send email, so sign-in links are not available.", values };
  const notSent = { error: "The email could not be sent just now. Try again in a few minutes.", values };
  try {
    // The server-side signIn ignores pages.verifyRequest, so we send the reader there ourselves.
    // A failure to send (SMTP down) comes back as a redirect to the error page, not as an exception.
    const next = await signIn("nodemailer", {
      email: email.data,
      redirectTo: safeCallbackPath(text(form, "next")) ?? "/documents",
      redirect: false,
    });
    if (new URL(String(next), "http://localhost").searchParams.has("error")) return notSent;
  } catch (error) {
    if (error instanceof AuthError) return notSent;
    throw error;
  }
  redirect("/sign-in/check-email");
});

// The sign-out forms post their (empty) FormData; nothing of it is read.
export const signOutAction = buttonAction({ session: anyone, args: anyArguments }, async () => {
  await signOut({ redirectTo: "/sign-in" });
});

/** Ends every session of the account (other browsers, a forgotten computer), this one last. */
export const signOutEverywhereAction = buttonAction({ session: requireUser, args: anyArguments }, async (user) => {
  await endAllSessions(user.id);
  await signOut({ redirectTo: "/sign-in?notice=signed-out-everywhere" });
});
