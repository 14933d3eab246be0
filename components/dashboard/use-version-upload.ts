"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { PDF_HEADER_LENGTH, pdfChoiceProblem } from "@/lib/documents/check-pdf-choice";
import type { UploadKind } from "@/lib/office/upload-types";
import type { VersionOutcome } from "@/lib/versions/version-outcome";
import { postWithProgress } from "./upload-transports";
import type { UploadStatus } from "./use-upload-submit";
import type { VersionReport } from "./version-report";

/**
 * Sends a new version of the document `code`: the file is checked in the browser as the upload form
 * checks it, sent with its progress, then inspected on the server ("processing"). `report` hears
 * what it came to; once it is current the page's data is read again.
 */
export function useVersionUpload(code: string, maxUploadMb: number, kinds: readonly UploadKind[], report: (report: VersionReport) => void) {
  const router = useRouter();
  const [status, setStatus] = useState<UploadStatus>({ kind: "idle" });
  const busy = status.kind === "uploading" || status.kind === "processing";

  async function upload(file: File | undefined) {
    if (!file || busy) return;
    report(null);
    const head = new Uint8Array(await file.slice(0, PDF_HEADER_LENGTH).arrayBuffer());
    const problem = pdfChoiceProblem(file, head, maxUploadMb, kinds);
    if (problem) return report({ kind: "error", message: problem });
    const form = new FormData();
    form.set("file", file, file.name);
    postWithProgress<VersionOutcome>(`/api/dashboard/documents/${code}/versions`, form, {
      onProgress: (percent) => setStatus({ kind: "uploading", percent }),
      onProcessing: () => setStatus({ kind: "processing" }),
      onError: (message) => {
        setStatus({ kind: "idle" });
        report({ kind: "error", message: `The new version was not uploaded. ${message}` });
      },
      onDone: (outcome) => {
        setStatus({ kind: "idle" });
        report({ kind: "changed", outcome });
        router.refresh();
      },
    });
  }

  return { status, busy, upload };
}
