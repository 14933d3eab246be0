"use client";

import dynamic from "next/dynamic";
import { GateForm } from "./gate-form";
import { PageSkeleton } from "./page-skeleton";

export type ViewerProps = {
  code: string;
  title: string;
  pageCount: number;
  /** Pages this browser may read now (all once every gate is passed). */
  readablePages: number;
  file: string | null;
  /** The email gate still ahead of the reader, at this page. */
  gate: { page: number; blockFreeEmails: boolean } | null;
  canDownload: boolean;
  downloadHiddenReason: "disabled" | null;
};

// pdf.js needs the browser: the document itself is rendered on the client only.
const PdfViewer = dynamic(() => import("./pdf-viewer").then((m) => m.PdfViewer), {
  ssr: false,
  loading: () => <PageSkeleton />,
});

export function ViewerShell(props: ViewerProps) {
  if (!props.file && props.gate) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
        <GateForm code={props.code} title={props.title} pageCount={props.pageCount} gate={props.gate} standalone />
      </main>
    );
  }
  return <PdfViewer {...props} />;
}
