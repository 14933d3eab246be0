"use client";

import dynamic from "next/dynamic";
import { createContext, useContext } from "react";
import { GateForm } from "./gate-form";
import { PageImageColumn } from "./page-image";
import { PageSkeleton } from "./page-skeleton";
import { fetchPdfOpening } from "./pdf-opening";
import { pdfWorkerPort } from "./pdf-worker";
import { ViewerLayout } from "./viewer-layout";
import { DEFAULT_ZOOM_STATE } from "./viewer-toolbar";
import type { ViewerProps } from "./viewer-props";

// The renderer and its worker start loading the moment this script runs, in parallel with hydration.
const loadPdfViewer = typeof window === "undefined" ? null : (pdfWorkerPort(), import("./pdf-viewer"));

const ShellProps = createContext<ViewerProps | null>(null);

/** Rendered by the server and until the renderer has loaded: the real toolbar (disabled) over a page skeleton. */
function LoadingViewer() {
  const props = useContext(ShellProps)!;
  return (
    <ViewerLayout
      toolbar={{
        title: props.title,
        pageCount: props.pageCount,
        current: 1,
        pages: 0,
        zoom: DEFAULT_ZOOM_STATE,
        downloadHref: props.canDownload ? `/s/${props.code}/download` : null,
        back: props.back,
      }}
    >
      {props.pageImages > 0 ? (
        <PageImageColumn
          code={props.code}
          version={props.version}
          pages={props.pageImages}
          // The page skeleton's size: the server does not know the screen.
          box={{ width: "min(calc(100vw - 48px), 900px)", aspectRatio: `1 / ${props.pageAspect}` }}
        />
      ) : (
        <PageSkeleton aspect={props.pageAspect} />
      )}
    </ViewerLayout>
  );
}

// pdf.js needs the browser: the document itself is rendered on the client only.
const PdfViewer = dynamic(() => (loadPdfViewer ?? import("./pdf-viewer")).then((m) => m.PdfViewer), { ssr: false, loading: LoadingViewer });

export function ViewerShell(props: ViewerProps) {
  // The file's first and last bytes load while the renderer and its worker do (see pdf-opening.ts).
  if (typeof window !== "undefined" && props.file) void fetchPdfOpening(props.file);
  if (!props.file && props.gate) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
        <GateForm code={props.code} title={props.title} pageCount={props.pageCount} gate={props.gate} standalone />
      </main>
    );
  }
  return (
    <ShellProps.Provider value={props}>
      <PdfViewer {...props} />
    </ShellProps.Provider>
  );
}
