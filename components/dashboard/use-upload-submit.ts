"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { formFieldProblems } from "@/lib/documents/settings-form";
import { uploadFormData } from "./upload-form-data";
import type { SendUpload } from "./upload-transports";

export type UploadStatus =
  { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "processing" } | { kind: "error"; message: string };

/**
 * Submitting the upload form: checks a file is chosen and the access rules can be read, sends the
 * file with `send`, follows its progress, and opens the new document once it is created. A refusal
 * shows the server's message and marks the fields it names.
 */
export function useUploadSubmit(send: SendUpload) {
  const router = useRouter();
  const [status, setStatus] = useState<UploadStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function reset() {
    setErrors({});
    setStatus({ kind: "idle" });
  }

  function submit(event: React.FormEvent<HTMLFormElement>, file: File | null) {
    event.preventDefault();
    if (!file) {
      setStatus({ kind: "error", message: "Choose a PDF first." });
      return;
    }
    const { form, problems } = uploadFormData(event.currentTarget);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setStatus({ kind: "error", message: "Check the access rules: some could not be read." });
      return;
    }
    send(file, form, {
      onProgress: (percent) => setStatus({ kind: "uploading", percent }),
      onProcessing: () => setStatus({ kind: "processing" }),
      onDone: (shortCode) => router.push(`/documents/${shortCode.slice(2)}?uploaded=1`),
      onError: (message, fields) => {
        setErrors(formFieldProblems(fields));
        setStatus({ kind: "error", message });
      },
    });
  }

  const busy = status.kind === "uploading" || status.kind === "processing";
  return { status, errors, busy, reset, submit };
}
