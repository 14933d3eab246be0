"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { presentParams } from "@/lib/request/present-params";

/** How long typing pauses before a live form's query is applied: one request a word, not a letter. */
const TYPING_PAUSE_MS = 300;

/**
 * A GET form whose blank fields stay out of the URL (`?search=Roadmap`, not
 * `?search=Roadmap&engagement=&has_leads=`). Without JavaScript it submits as a plain GET form,
 * and the page reads an empty parameter as one not given. `live`: a choice applies at once and
 * typing once it pauses, replacing the history entry (the list follows the box; Back leaves the page).
 */
export function QueryForm({
  action,
  live = false,
  ...props
}: Omit<React.ComponentProps<"form">, "action" | "method" | "onSubmit" | "onChange"> & { action: string; live?: boolean }) {
  const router = useRouter();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const apply = (form: HTMLFormElement, how: "push" | "replace") => {
    clearTimeout(typing.current);
    const fields = [...new FormData(form)].flatMap(([name, value]) =>
      typeof value === "string" ? [[name, value] as [string, string]] : [],
    );
    const query = new URLSearchParams(presentParams(fields)).toString();
    router[how](query ? `${action}?${query}` : action, { scroll: false });
  };
  return (
    <form
      {...props}
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget, "push");
      }}
      onChange={
        live
          ? (event) => {
              const form = event.currentTarget;
              const typed = event.target instanceof HTMLInputElement && ["search", "text", "email"].includes(event.target.type);
              clearTimeout(typing.current);
              if (typed) typing.current = setTimeout(() => apply(form, "replace"), TYPING_PAUSE_MS);
              else apply(form, "replace");
            }
          : undefined
      }
    />
  );
}
