"use client";

import { GateStep } from "./gate/reader-steps";
import { DocumentViewer } from "./document-viewer";
import type { ViewerProps } from "./viewer-props";

/**
 * The reader's view: the gate alone when no page may be read yet, else the viewer. The viewer is
 * rendered by the server too (its toolbar, the readable pages' images, the gate under them) and
 * hydrated in place: the browser keeps the server's elements, and only the column is laid out again
 * once the screen is measured. Before, a client-only viewer replaced the whole server rendering
 * when its chunk arrived, which on a phone was the page's longest task.
 */
export function ViewerShell(props: ViewerProps) {
  if (props.readablePages === 0 && props.gate) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
        <GateStep code={props.code} title={props.title} pageCount={props.pageCount} gate={props.gate} standalone />
      </main>
    );
  }
  return <DocumentViewer {...props} />;
}
