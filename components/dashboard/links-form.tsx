"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input, inputClass } from "@/components/ui/field";
import { LocalDateTimeInput } from "@/components/ui/local-date-time-input";
import { createLinkAction, type LinkFormState, updateLinkAction } from "@/lib/http/actions/link-actions";
import type { LinkOverrides } from "@/lib/links/shared-document";
import { NO_MAIL_HINT, useMailConfigured } from "./mail-context";

type Target = { kind: "create"; documentCode: string } | { kind: "edit"; code: string; name: string; overrides: LinkOverrides };

const tri = (value: boolean | undefined) => (value === undefined ? "document" : value ? "on" : "off");

function Choice({
  name,
  defaultValue,
  options,
  control,
}: {
  name: string;
  defaultValue: string;
  options: Array<[string, string]>;
  control: object;
}) {
  return (
    <select {...control} name={name} defaultValue={defaultValue} className={inputClass}>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

const onOff = (on: string, off: string): Array<[string, string]> => [
  ["document", "Follow the document"],
  ["on", on],
  ["off", off],
];

/**
 * A button opening the link form in a native modal dialog: create a link, or edit one. Each
 * setting follows the document unless a choice overrides it; saving closes the dialog.
 */
export function LinkFormDialog({ target, label }: { target: Target; label: string }) {
  const action = target.kind === "create" ? createLinkAction.bind(null, target.documentCode) : updateLinkAction.bind(null, target.code);
  const [state, dispatch, pending] = useActionState<LinkFormState, FormData>(action, undefined);
  const mail = useMailConfigured();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const id = useId();
  const o = target.kind === "edit" ? target.overrides : {};
  const errors = state?.fieldErrors ?? {};

  useEffect(() => {
    if (!state?.ok) return;
    dialog.current?.close();
    if (target.kind === "create") form.current?.closest("form")?.reset();
  }, [state, target.kind]);

  return (
    <>
      <Button
        variant={target.kind === "create" ? "primary" : "secondary"}
        size="sm"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl p-0 text-left whitespace-normal shadow-xl backdrop:bg-slate-900/40"
      >
        <ActionForm dispatch={dispatch} state={state} className="space-y-4 p-6" aria-labelledby={`${id}-title`}>
          <div ref={form}>
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
              {target.kind === "create" ? "New link" : `Edit “${target.name}”`}
            </h2>
            <p className="mt-1 text-sm text-slate-600">Each setting follows the document unless you choose otherwise here.</p>
          </div>
          <Field id={`${id}-name`} label="Name" hint="Who the link is for, e.g. “Sequoia — Jane”" error={errors.name}>
            {(control) => (
              <Input {...control} name="name" defaultValue={target.kind === "edit" ? target.name : ""} maxLength={100} required />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-expiry`} label="Expiry">
              {(control) => (
                <Choice
                  control={control}
                  name="expiry"
                  defaultValue={!("expires_at" in o) ? "document" : o.expires_at ? "at" : "never"}
                  options={[
                    ["document", "Follow the document"],
                    ["never", "Never expires"],
                    ["at", "Expires at"],
                  ]}
                />
              )}
            </Field>
            <Field id={`${id}-expires-at`} label="Expiry date and time (your local time)" error={errors.expires_at}>
              {(control) => <LocalDateTimeInput control={control} name="expires_at" defaultValue={o.expires_at ?? null} />}
            </Field>
            <Field id={`${id}-email-gate`} label="Email gate">
              {(control) => (
                <Choice
                  control={control}
                  name="email_gate"
                  defaultValue={tri(o.email_gate)}
                  options={onOff("Ask for an email", "No email gate")}
                />
              )}
            </Field>
            <Field id={`${id}-download`} label="Downloads">
              {(control) => (
                <Choice
                  control={control}
                  name="allow_download"
                  defaultValue={tri(o.allow_download)}
                  options={onOff("Allowed", "Not allowed")}
                />
              )}
            </Field>
            <Field id={`${id}-password-mode`} label="Password">
              {(control) => (
                <Choice
                  control={control}
                  name="password_mode"
                  defaultValue={"password" in o ? "keep" : "document"}
                  options={[
                    ["document", "Follow the document"],
                    ["none", "No password"],
                    ...(target.kind === "edit" && "password" in o
                      ? ([["keep", "Keep this link's setting"]] as Array<[string, string]>)
                      : []),
                    ["set", "Set a new password"],
                  ]}
                />
              )}
            </Field>
            <Field id={`${id}-password`} label="New password" hint="With “Set a new password”: 8 to 128 characters" error={errors.password}>
              {(control) => <Input {...control} type="password" name="password" autoComplete="new-password" maxLength={128} />}
            </Field>
          </div>
          <details
            className="rounded-md border border-slate-200 px-3 py-2"
            open={["allow", "block", "watermark", "agreement"].some((k) => errors[k])}
          >
            <summary className="cursor-pointer text-sm font-medium text-slate-800">More rules</summary>
            <div className="mt-3 space-y-4">
              <Field id={`${id}-verify`} label="Verify emails with a code" hint={mail ? undefined : NO_MAIL_HINT}>
                {(control) => (
                  <Choice
                    control={control}
                    name="verify_email"
                    defaultValue={tri(o.verify_email)}
                    // Without an email server only "on" is out of reach: a link already verifying can still be turned off.
                    options={onOff("Verify", "Do not verify").filter(([value]) => mail || value !== "on" || o.verify_email === true)}
                  />
                )}
              </Field>
              <Field
                id={`${id}-allow`}
                label="Allow only"
                hint="Emails or domains, one per line; empty follows the document"
                error={errors.allow}
              >
                {(control) => (
                  <textarea {...control} name="allow" rows={2} defaultValue={(o.allow ?? []).join("\n")} className={inputClass} />
                )}
              </Field>
              <Field
                id={`${id}-block`}
                label="Block"
                hint="Emails or domains, one per line; empty follows the document"
                error={errors.block}
              >
                {(control) => (
                  <textarea {...control} name="block" rows={2} defaultValue={(o.block ?? []).join("\n")} className={inputClass} />
                )}
              </Field>
              <Field
                id={`${id}-watermark`}
                label="Watermark"
                hint="{email}, {date} and {ip} are filled in; empty follows the document"
                error={errors.watermark}
              >
                {(control) => <Input {...control} name="watermark" defaultValue={o.watermark ?? ""} maxLength={200} />}
              </Field>
              <Field
                id={`${id}-agreement`}
                label="Agreement"
                hint="Text or an https:// link readers accept first; empty follows the document"
                error={errors.agreement}
              >
                {(control) => <textarea {...control} name="agreement" rows={3} defaultValue={o.agreement ?? ""} className={inputClass} />}
              </Field>
            </div>
          </details>
          <FormError message={state?.error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : target.kind === "create" ? "Create link" : "Save link"}
            </Button>
          </div>
        </ActionForm>
      </dialog>
    </>
  );
}
