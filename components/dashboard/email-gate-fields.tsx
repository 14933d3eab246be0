"use client";

import { useState } from "react";
import { Field, Input, inputClass } from "@/components/ui/field";
import { DOCUMENT_SETTINGS, type DocumentSettings } from "@/lib/documents/settings-form";

/** The email gate: on or off, how it asks (before or after a preview) and how many pages the preview shows. */
export function EmailGateFields({
  values,
  pageCount,
  errors,
}: {
  values: DocumentSettings;
  pageCount: number | null;
  errors: Record<string, string>;
}) {
  const { email_gate: emailGateSetting, gate_type: gateTypeSetting, gate_page: gatePageSetting } = DOCUMENT_SETTINGS;
  const [gateType, setGateType] = useState(values.gate_type);
  const [emailGate, setEmailGate] = useState(values.email_gate);
  // Null until typed in: until then it follows the given value (on upload, bounded by the page count once known).
  const [previewPages, setPreviewPages] = useState<string | null>(null);
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-semibold text-slate-900">Email gate</legend>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          name={emailGateSetting.field}
          value="true"
          checked={emailGate}
          onChange={(e) => setEmailGate(e.target.checked)}
          className="h-4 w-4 accent-brand-600"
        />
        <span className="text-sm font-medium text-slate-800">{emailGateSetting.label}</span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={gateTypeSetting.field} label={gateTypeSetting.label} error={errors[gateTypeSetting.field]}>
          {(control) => (
            <select
              {...control}
              name={gateTypeSetting.field}
              value={gateType}
              disabled={!emailGate}
              onChange={(e) => setGateType(e.target.value as DocumentSettings["gate_type"])}
              className={inputClass}
            >
              {gateTypeSetting.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={gatePageSetting.field}
          label={gatePageSetting.label}
          hint={pageCount ? `0 to ${pageCount - 1}: readers see these pages before the gate asks for an email` : gatePageSetting.hint}
          error={errors[gatePageSetting.field] ?? errors.gate_page}
        >
          {(control) => (
            <Input
              {...control}
              name={gatePageSetting.field}
              type="number"
              inputMode="numeric"
              min={0}
              max={pageCount ? pageCount - 1 : undefined}
              value={previewPages ?? gatePageSetting.toForm(values.gate_page)}
              // Typed in, it is the owner's choice; else a default, which an upload of many files leaves to each file's length.
              data-chosen={previewPages === null ? undefined : "true"}
              onChange={(e) => setPreviewPages(e.target.value)}
              disabled={!emailGate || gateType !== "preview"}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
