"use client";

import { useRouter } from "next/navigation";
import { presentParams } from "@/lib/request/present-params";

/**
 * A GET form whose blank fields stay out of the URL (`?search=Roadmap`, not
 * `?search=Roadmap&engagement=&has_leads=`). Without JavaScript it submits as a plain GET form,
 * and the page reads an empty parameter as one not given.
 */
export function QueryForm({ action, ...props }: Omit<React.ComponentProps<"form">, "action" | "method" | "onSubmit"> & { action: string }) {
  const router = useRouter();
  return (
    <form
      {...props}
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = [...new FormData(event.currentTarget)].flatMap(([name, value]) =>
          typeof value === "string" ? [[name, value] as [string, string]] : [],
        );
        const query = new URLSearchParams(presentParams(fields)).toString();
        router.push(query ? `${action}?${query}` : action);
      }}
    />
  );
}
