"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, fromAnswer, TextField } from "@/components/ui/field";
import { type FormState, signUpAction } from "@/lib/http/actions/auth-actions";
import { SignInLink } from "./sign-in-link";

/**
 * Creating an account: name, email and password. An invitation for one address fixes the email;
 * with email verification on, the account is created only once the emailed link is opened.
 */
export function SignUpForm({
  invitation,
  emailVerification,
}: {
  invitation?: { token: string; email: string | null; team: string; inviter: string; role: string };
  emailVerification: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, undefined);
  return (
    <form action={action} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold text-slate-900">{invitation ? `Join ${invitation.team}` : "Create your account"}</h1>
      <p className="text-sm text-slate-600" data-testid="invitation-summary">
        {invitation
          ? `${invitation.inviter} invited you to join ${invitation.team} as ${invitation.role === "admin" ? "an admin" : "a member"}. Create your account to join.`
          : "Share PDFs behind a link and see who read what."}
      </p>
      {invitation && <input type="hidden" name="invitation" value={invitation.token} />}
      <TextField id="name" label="Name" hint="Optional" autoComplete="name" {...fromAnswer(state, "name")} />
      <TextField
        id="email"
        label="Work email"
        hint={invitation?.email ? "The invitation is for this address." : undefined}
        type="email"
        autoComplete="email"
        required
        {...fromAnswer(state, "email")}
        readOnly={Boolean(invitation?.email)}
        defaultValue={invitation?.email ?? state?.values?.email}
      />
      <TextField
        id="password"
        label="Password"
        hint="At least 8 characters"
        type="password"
        autoComplete="new-password"
        required
        {...fromAnswer(state, "password")}
      />
      <p className="text-xs text-slate-500" data-testid="sign-up-verification">
        {emailVerification
          ? "We will email you a link to confirm your address; your account is created when you open it."
          : `This server cannot send email, so your address is not confirmed. ${invitation ? "Creating the account signs you in, in the team." : "After you create the account, sign in with your email and password."}`}
      </p>
      <FormError message={state?.error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <SignInLink />
    </form>
  );
}
