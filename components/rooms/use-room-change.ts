"use client";

import { useState, useTransition } from "react";
import type { FormProblems } from "@/lib/http/server-action";

export type RunChange = (change: () => Promise<FormProblems | undefined>) => void;

/** Runs a room change (a server action) and keeps its refusal in words, for the one message area of the tree. */
export function useRoomChange() {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string>();
  const run: RunChange = (change) =>
    start(async () => {
      const answer = await change();
      setError(answer?.error ?? Object.values(answer?.fieldErrors ?? {})[0]);
    });
  return { pending, error, run };
}
