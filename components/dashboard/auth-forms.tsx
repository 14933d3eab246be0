"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input } from "@/components/ui/field";
import { type FormState, magicLinkAction, signInAction, signUpAction } from "@/lib/dashboard/auth-actions";

export function SignUpForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, undefined);
  return (
    <form action={action} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold text-slate-900">Create your account</h1>
      <p className="text-sm text-slate-600">Share PDFs behind a link and see who read what.</p>
      <Field id="name" label="Name" hint="Optional">
        <Input id="name" name="name" autoComplete="name" defaultValue={state?.values?.name} />
      </Field>
      <Field id="email" label="Work email" error={state?.fieldErrors?.email}>
        <Input id="email" name="email" type="email" autoComplete="email" required defaultValue={state?.values?.email} aria-invalid={Boolean(state?.fieldErrors?.email)} />
      </Field>
      <Field id="password" label="Password" hint="At least 8 characters" error={state?.fieldErrors?.password}>
        <Input id="password" name="password" type="password" autoComplete="new-password" required aria-invalid={Boolean(state?.fieldErrors?.password)} />
      </Field>
      <FormError message={state?.error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Have an account?{" "}
        <Link href="/sign-in" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

export function SignInForm({ next, magicLink, error }: { next?: string; magicLink: boolean; error?: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(signInAction, undefined);
  const [linkState, linkAction, linkPending] = useActionState<FormState, FormData>(magicLinkAction, undefined);
  return (
    <div className="space-y-6">
      <form action={action} className="space-y-4" noValidate>
        <h1 className="text-xl font-semibold text-slate-900">Sign in</h1>
        <input type="hidden" name="next" value={next ?? ""} />
        <Field id="email" label="Email">
          <Input id="email" name="email" type="email" autoComplete="email" required defaultValue={state?.values?.email} />
        </Field>
        <Field id="password" label="Password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <FormError message={state?.error ?? (error ? "That sign-in link is invalid or has expired." : undefined)} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {magicLink && (
        <form action={linkAction} className="space-y-3 border-t border-slate-100 pt-5" noValidate>
          <p className="text-sm text-slate-600">Or get a sign-in link by email.</p>
          <Field id="magic-email" label="Email" error={linkState?.fieldErrors?.email}>
            <Input id="magic-email" name="email" type="email" autoComplete="email" required />
          </Field>
          <Button type="submit" variant="secondary" className="w-full" disabled={linkPending}>
            {linkPending ? "Sending…" : "Email me a sign-in link"}
          </Button>
        </form>
      )}
      <p className="text-center text-sm text-slate-600">
        New to Pagewise?{" "}
        <Link href="/sign-up" className="font-medium text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}
