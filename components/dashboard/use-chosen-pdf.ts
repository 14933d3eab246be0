"use client";

import { useRef, useState } from "react";
import { PDF_HEADER_LENGTH, pdfChoiceProblem, pickedKind } from "@/lib/documents/check-pdf-choice";
import type { UploadKind } from "@/lib/office/upload-types";

/** Counts pages in the browser (pdf.js, loaded only when a file is chosen) to bound the gate page. */
async function countPages(file: File): Promise<number | null> {
  try {
    const { pdfjs } = await import("react-pdf");
    pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
    const pages = pdf.numPages;
    await pdf.cleanup();
    return pages;
  } catch {
    return null;
  }
}

/**
 * The PDF chosen for upload, checked as soon as it is picked, and its page count once pdf.js has
 * read it. Only the file's own state changes here: the settings already chosen stay as they are,
 * however late the page count arrives. `onPick` hears every pick, `onAccepted` a file that passed.
 */
export function useChosenPdf(
  maxUploadMb: number,
  kinds: readonly UploadKind[],
  { onPick, onAccepted }: { onPick: () => void; onAccepted: () => void },
) {
  const [file, setFile] = useState<File | null>(null);
  const [pages, setPages] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const latest = useRef<File | null>(null);

  async function choose(chosen: File | undefined) {
    onPick();
    if (!chosen) return;
    latest.current = chosen;
    const head = new Uint8Array(await chosen.slice(0, PDF_HEADER_LENGTH).arrayBuffer());
    if (latest.current !== chosen) return;
    const problem = pdfChoiceProblem(chosen, head, maxUploadMb, kinds);
    setFileError(problem);
    setFile(problem ? null : chosen);
    setPages(null);
    if (problem) return;
    onAccepted();
    // Another kind's pages are known once the server has converted it.
    if (pickedKind(chosen, kinds) !== "pdf") return;
    const counted = await countPages(chosen);
    if (latest.current === chosen) setPages(counted);
  }

  return { file, pages, fileError, choose };
}
