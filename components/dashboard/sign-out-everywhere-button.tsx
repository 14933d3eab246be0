"use client";

import { useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { signOutEverywhereAction } from "@/lib/http/actions/auth-actions";

/** "Sign out everywhere", after asking: it ends every session of the account, this one too. */
export function SignOutEverywhereButton({ quiet = false }: { quiet?: boolean }) {
  const [pending, start] = useTransition();
  return (
    <ConfirmButton
      title="Sign out everywhere?"
      description="Every browser and device where this account is signed in is signed out, this one too. You will sign in again."
      confirmLabel="Sign out everywhere"
      pending={pending}
      pendingLabel="Signing out…"
      variant={quiet ? "ghost" : "secondary"}
      size={quiet ? "sm" : "md"}
      className={quiet ? "px-0! py-0! font-normal! text-slate-600 shadow-none hover:bg-transparent! hover:text-slate-900" : undefined}
      onConfirm={() => start(() => signOutEverywhereAction())}
    >
      Sign out everywhere
    </ConfirmButton>
  );
}
