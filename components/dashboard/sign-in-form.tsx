"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, fromAnswer, TextField } from "@/components/ui/field";
import { type FormState, signInAction } from "@/lib/http/actions/auth-actions";
import { MagicLinkForm } from "./magic-link-form";

/**
 * Signing in with email and password, then back to `next`; a sign-in link by email when the server
 * can send one; and how to get an account when sign-up is open or by invitation. `notice` is a
 * message from the step before (an email confirmed), `error` a sign-in link that did not work.
 */
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
        <TextField id="email" label="Email" type="email" autoComplete="email" required {...fromAnswer(state, "email")} />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...fromAnswer(state, "password")}
        />
        {/* With email, a forgotten password is reset by a link (hidden otherwise: there would be no way to send it). */}
        {magicLink && (
          <p className="-mt-2 text-right text-sm">
            <Link href="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
              Forgot password?
            </Link>
          </p>
        )}
        <FormError message={state?.error ?? (error ? "That sign-in link is invalid or has expired." : undefined)} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {magicLink && <MagicLinkForm next={next} />}
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
