"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { inputClass, type FieldControl } from "@/components/ui/field";
import { instantFromLocalInput, localInputValue, utcMinute } from "@/lib/format-time";

const never = () => () => {};

/**
 * A date and time typed on the owner's own clock, posted as the UTC instant it names (in a hidden
 * field named `name`; the visible input posts nothing), with that UTC time shown under it. What
 * cannot be read is posted as typed, for the server to refuse in words.
 */
export function LocalDateTimeInput({
  name,
  defaultValue,
  control,
}: {
  name: string;
  /** The stored instant, or null for none. */
  defaultValue: string | null;
  control: FieldControl;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<string | null>(null);
  // The server does not know the browser's zone: the stored value appears once the page runs here.
  const shown = useSyncExternalStore(
    never,
    () => localInputValue(defaultValue),
    () => "",
  );
  useEffect(() => {
    const form = input.current?.form;
    const forget = () => setTyped(null);
    form?.addEventListener("reset", forget);
    return () => form?.removeEventListener("reset", forget);
  }, []);
  const posted = typed === null ? (defaultValue ?? "") : typed.trim() === "" ? "" : (instantFromLocalInput(typed) ?? typed);
  const utc = instantFromLocalInput(typed ?? shown);
  return (
    <>
      <input
        {...control}
        ref={input}
        type="datetime-local"
        value={typed ?? shown}
        onChange={(e) => setTyped(e.target.value)}
        className={inputClass}
      />
      {/* Marked when newly typed: the form asks before saving one that has passed (components/ui/past-instant.ts). */}
      <input type="hidden" name={name} value={posted} data-typed={typed !== null ? "" : undefined} />
      <p className="mt-1 text-xs text-slate-500" data-testid={`${name}-utc`}>
        {utc ? `${utcMinute(utc)} UTC` : "\u00a0"}
      </p>
    </>
  );
}
