"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { type FormState, completeSignupAction } from "@/lib/http/actions/auth-actions";

/** The emailed sign-up link's page: the address is confirmed, and this button creates the account. */
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
