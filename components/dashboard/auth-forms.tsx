"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input } from "@/components/ui/field";
import { type FormState, completeSignupAction, magicLinkAction, signInAction, signUpAction } from "@/lib/http/actions/auth-actions";

function SignInLink() {
  return (
    <p className="text-center text-sm text-slate-600">
      Have an account?{" "}
      <Link href="/sign-in" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
        Sign in
      </Link>
    </p>
  );
}

export function SignUpForm({
  invitation,
  emailVerification,
}: {
  invitation?: { token: string; email: string | null };
  emailVerification: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, undefined);
  return (
    <form action={action} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold text-slate-900">Create your account</h1>
      <p className="text-sm text-slate-600">
        {invitation ? "You were invited to Pagewise. " : ""}Share PDFs behind a link and see who read what.
      </p>
      {invitation && <input type="hidden" name="invitation" value={invitation.token} />}
      <Field id="name" label="Name" hint="Optional" error={state?.fieldErrors?.name}>
        <Input id="name" name="name" autoComplete="name" defaultValue={state?.values?.name} />
      </Field>
      <Field
        id="email"
        label="Work email"
        error={state?.fieldErrors?.email}
        hint={invitation?.email ? "The invitation is for this address." : undefined}
      >
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(invitation?.email)}
          defaultValue={invitation?.email ?? state?.values?.email}
          aria-invalid={Boolean(state?.fieldErrors?.email)}
        />
      </Field>
      <Field id="password" label="Password" hint="At least 8 characters" error={state?.fieldErrors?.password}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={Boolean(state?.fieldErrors?.password)}
        />
      </Field>
      <p className="text-xs text-slate-500" data-testid="sign-up-verification">
        {emailVerification
          ? "We will email you a link to confirm your address; your account is created when you open it."
          : "This server cannot send email, so your address is not confirmed. After you create the account, sign in with your email and password."}
      </p>
      <FormError message={state?.error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <SignInLink />
    </form>
  );
}

/** Sign-up is not available to this visitor: closed, or invite-only without a usable invitation. */
export function SignUpUnavailable({ title, message }: { title: string; message: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{message}</p>
      <SignInLink />
    </div>
  );
}

export function CompleteSignUpForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(completeSignupAction, undefined);
  return (
    <form action={action} className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Finish creating your account</h1>
      <p className="text-sm text-slate-600">
        Your address <span className="font-medium text-slate-900">{email}</span> is confirmed. Create the account to start sharing
        documents.
      </p>
      <input type="hidden" name="token" value={token} />
      <FormError message={state?.error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create my account"}
      </Button>
    </form>
  );
}

export function SignInForm({
  next,
  magicLink,
  notice,
  error,
  signUp,
}: {
  next?: string;
  magicLink: boolean;
  notice?: string;
  error?: string;
  signUp: "open" | "invite" | "closed";
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(signInAction, undefined);
  const [linkState, linkAction, linkPending] = useActionState<FormState, FormData>(magicLinkAction, undefined);
  return (
    <div className="space-y-6">
      <form action={action} className="space-y-4" noValidate>
        <h1 className="text-xl font-semibold text-slate-900">Sign in</h1>
        {notice && !state && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {notice}
          </p>
        )}
        <input type="hidden" name="next" value={next ?? ""} />
        <Field id="email" label="Email" error={state?.fieldErrors?.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={state?.values?.email}
            aria-invalid={Boolean(state?.fieldErrors?.email)}
          />
        </Field>
        <Field id="password" label="Password" error={state?.fieldErrors?.password}>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={Boolean(state?.fieldErrors?.password)}
          />
        </Field>
        <FormError message={state?.error ?? (error ? "That sign-in link is invalid or has expired." : undefined)} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {magicLink && (
        <form action={linkAction} className="space-y-3 border-t border-slate-100 pt-5" noValidate>
          <p className="text-sm text-slate-600">Or get a sign-in link by email (no password needed).</p>
          <input type="hidden" name="next" value={next ?? ""} />
          <Field id="magic-email" label="Email" error={linkState?.fieldErrors?.email}>
            <Input id="magic-email" name="email" type="email" autoComplete="email" required defaultValue={linkState?.values?.email} />
          </Field>
          <FormError message={linkState?.error} />
          <Button type="submit" variant="secondary" className="w-full" disabled={linkPending}>
            {linkPending ? "Sending…" : "Email me a sign-in link"}
          </Button>
        </form>
      )}
      {signUp === "open" && (
        <p className="text-center text-sm text-slate-600">
          New to Pagewise?{" "}
          <Link href="/sign-up" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
            Create an account
          </Link>
        </p>
      )}
      {signUp === "invite" && (
        <p className="text-center text-sm text-slate-600">
          New to Pagewise? Accounts here are by invitation: open the invitation link you were sent.
        </p>
      )}
    </div>
  );
}
