"use client";

import { useActionState, useState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input } from "@/components/ui/field";
import { type BrandingState, saveBrandingAction } from "@/lib/http/actions/branding-actions";
import { ACCENT_PATTERN, DEFAULT_ACCENT } from "@/lib/rules/accent";
import { BrandPreview } from "./brand-preview";

/** The accent colour (picker and hex, blank for Pagewise's blue) and the mark, with a live preview of the gate. */
export function BrandingForm({
  accentColor,
  hidePagewiseMark,
  logoSrc,
}: {
  accentColor: string | null;
  hidePagewiseMark: boolean;
  logoSrc: string | null;
}) {
  const [state, dispatch, pending] = useActionState<BrandingState, FormData>(saveBrandingAction, undefined);
  const [accent, setAccent] = useState(accentColor ?? "");
  const [hideMark, setHideMark] = useState(hidePagewiseMark);
  const valid = ACCENT_PATTERN.test(accent.trim().toLowerCase());
  const error = state?.fieldErrors?.accent_color;
  return (
    <ActionForm dispatch={dispatch} state={state} className="space-y-4" aria-label="Branding">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id="brand-accent"
          label="Accent colour"
          hint="Buttons, the reading progress bar and focus rings. Blank: Pagewise blue."
          error={error}
        >
          {(control) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={valid ? accent.trim().toLowerCase() : DEFAULT_ACCENT}
                onChange={(event) => setAccent(event.currentTarget.value)}
                className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
              />
              <Input
                {...control}
                name="accent_color"
                value={accent}
                onChange={(event) => setAccent(event.currentTarget.value)}
                placeholder={DEFAULT_ACCENT}
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                className="w-32 font-mono"
              />
            </div>
          )}
        </Field>
        {accent && (
          <Button variant="ghost" size="sm" onClick={() => setAccent("")}>
            Use Pagewise blue
          </Button>
        )}
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-md p-1">
        <input
          type="checkbox"
          name="hide_pagewise_mark"
          value="true"
          checked={hideMark}
          onChange={(event) => setHideMark(event.currentTarget.checked)}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
        />
        <span>
          <span className="block text-sm font-medium text-slate-800">Hide the Pagewise mark</span>
          <span className="block text-xs text-slate-500">Readers of your links no longer see “Shared with Pagewise”.</span>
        </span>
      </label>
      <BrandPreview accent={valid ? accent.trim().toLowerCase() : null} hideMark={hideMark} logoSrc={logoSrc} />
      <FormError message={state?.error} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save branding"}
        </Button>
        {state?.saved && (
          <p role="status" className="text-sm text-emerald-700">
            Saved.
          </p>
        )}
      </div>
    </ActionForm>
  );
}
