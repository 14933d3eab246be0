"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * A viewer form that unlocks more of the document (password, email gate): posts the form as JSON
 * and, once the server has set the grant cookie, re-renders the page with what is now readable.
 * A refusal shows the server's message; a network failure says so.
 */
export function useUnlockForm(endpoint: string, fields: string[], offlineMessage: string) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.fromEntries(fields.map((field) => [field, form.get(field)]))),
    }).catch(() => null);
    if (response?.ok) {
      router.refresh();
      return;
    }
    const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
    setError(body?.error?.message ?? offlineMessage);
    setPending(false);
  }

  return { submit, error, pending };
}
