"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, fromAnswer, TextField } from "@/components/ui/field";
import { type FormState, magicLinkAction } from "@/lib/http/actions/auth-actions";

/** Signing in without a password: a one-time sign-in link sent to the email, back to `next` once opened. */
export function MagicLinkForm({ next }: { next?: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(magicLinkAction, undefined);
  return (
    <form action={action} className="space-y-3 border-t border-slate-100 pt-5" noValidate>
      <p className="text-sm text-slate-600">Or get a sign-in link by email (no password needed).</p>
      <input type="hidden" name="next" value={next ?? ""} />
      <TextField id="magic-email" label="Email" type="email" autoComplete="email" required {...fromAnswer(state, "email")} />
      <FormError message={state?.error} />
      <Button type="submit" variant="secondary" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Email me a sign-in link"}
      </Button>
    </form>
  );
}
