/**
 * Has the browser fetch the viewer's own chunks (lib/viewer/files/renderer-chunks.ts) with the app's first
 * scripts, named in the HTML, rather than once those scripts run and ask for them.
 */
export function ViewerEarlyStart({ chunks }: { chunks: string[] }) {
  return (
    <>
      {chunks.map((href) => (
        <link key={href} rel="preload" href={href} as={href.endsWith(".css") ? "style" : "script"} />
      ))}
    </>
  );
}
