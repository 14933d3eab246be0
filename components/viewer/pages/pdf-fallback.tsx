"use client";

import { type ComponentProps, useEffect } from "react";
import { PdfPages } from "./pdf-pages";
import { usePdfSource } from "./pdf-source";

/**
 * The pages drawn by pdf.js from the file, for a document some of whose readable pages have no
 * image and whose downloads are allowed (the file route refuses it otherwise). Loaded on its own
 * (document-viewer.tsx imports it only then), so a reader of images never downloads pdf.js.
 */
export default function PdfFallback({ file, onFailed, ...pages }: { file: string } & Omit<ComponentProps<typeof PdfPages>, "source">) {
  const { source, failed } = usePdfSource(file);
  useEffect(() => {
    if (failed) onFailed();
  }, [failed, onFailed]);
  return <PdfPages {...pages} source={source} onFailed={onFailed} />;
}
