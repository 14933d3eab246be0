"use client";

import dynamic from "next/dynamic";
import { createContext, useContext } from "react";
import { PageImageColumn, SERVER_PAGE_WIDTH } from "./pages/page-image";
import { PageSkeleton } from "./pages/page-skeleton";
import { GateStep } from "./gate/reader-steps";
import { ViewerLayout } from "./viewer-layout";
import { DEFAULT_ZOOM_STATE } from "./viewer-toolbar";
import type { ViewerProps } from "./viewer-props";

const ShellProps = createContext<ViewerProps | null>(null);

/** Rendered by the server and until the viewer has loaded: the real toolbar (disabled) over the readable pages' images. */
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
          mark={props.imageMark}
          pages={props.pageImages}
          box={{ width: SERVER_PAGE_WIDTH, aspectRatio: `1 / ${props.pageAspect}` }}
          sizes={SERVER_PAGE_WIDTH}
        />
      ) : (
        <PageSkeleton aspect={props.pageAspect} />
      )}
    </ViewerLayout>
  );
}

// The viewer measures its scrolling column: it is drawn on the client, over the server's first images. Its one
// import() is the chunk the page's HTML preloads (ViewerEarlyStart): a second import() of it would be a second chunk, fetched twice.
const DocumentViewer = dynamic(() => import("./document-viewer").then((m) => m.DocumentViewer), {
  ssr: false,
  loading: LoadingViewer,
});

export function ViewerShell(props: ViewerProps) {
  if (props.readablePages === 0 && props.gate) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
        <GateStep code={props.code} title={props.title} pageCount={props.pageCount} gate={props.gate} standalone />
      </main>
    );
  }
  return (
    <ShellProps.Provider value={props}>
      <DocumentViewer {...props} />
    </ShellProps.Provider>
  );
}
