"use client";

import { useActionState, useState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { FieldError, Input } from "@/components/ui/field";
import { SaveFooter } from "@/components/ui/submit-button";
import { type VersionsKeptState, saveVersionsKeptAction } from "@/lib/http/actions/team-actions";
import { VERSIONS_KEPT_MAX } from "@/lib/schemas/teams";

const radio = "mt-0.5 h-4 w-4 border-slate-300 accent-brand-600";

/** "Keep versions" on the Team page (admins and the owner): every version, or the last N of each document. */
export function VersionsKeptForm({ versionsKept }: { versionsKept: number | null }) {
  const [state, dispatch, pending] = useActionState<VersionsKeptState, FormData>(saveVersionsKeptAction, undefined);
  const [keep, setKeep] = useState<"all" | "last">(versionsKept === null ? "all" : "last");
  const countError = state?.fieldErrors?.count;
  return (
    <ActionForm dispatch={dispatch} state={state} className="space-y-4" aria-label="Keep versions" data-testid="versions-kept-form">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Keep</legend>
        <div className="mt-2 space-y-2">
          <label className="flex cursor-pointer items-start gap-3 rounded-md p-1">
            <input type="radio" name="keep" value="all" checked={keep === "all"} onChange={() => setKeep("all")} className={radio} />
            <span className="text-sm text-slate-800">All versions</span>
          </label>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 p-1">
            <label className="flex cursor-pointer items-start gap-3">
              <input type="radio" name="keep" value="last" checked={keep === "last"} onChange={() => setKeep("last")} className={radio} />
              <span className="text-sm text-slate-800">The last</span>
            </label>
            <Input
              type="number"
              name="count"
              aria-label="How many versions to keep"
              aria-invalid={countError ? true : undefined}
              aria-describedby={countError ? "versions-kept-count-error" : "versions-kept-hint"}
              min={1}
              max={VERSIONS_KEPT_MAX}
              defaultValue={versionsKept ?? 5}
              disabled={keep === "all"}
              className="w-20"
            />
            <span className="text-sm text-slate-800">versions of each document</span>
          </div>
          {countError && <FieldError id="versions-kept-count-error" message={countError} />}
        </div>
        <p id="versions-kept-hint" className="mt-2 text-xs text-slate-500">
          Older versions past the limit are deleted the next time a document gets a new version or a restore. The current version is always
          kept.
        </p>
      </fieldset>
      <SaveFooter error={countError ? undefined : state?.error} pending={pending} saved={state?.saved}>
        Save
      </SaveFooter>
    </ActionForm>
  );
}
