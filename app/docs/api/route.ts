/**
 * Interactive API reference (Scalar), rendered from /api/v1/openapi.json. Everything is served by
 * the app itself: the script from node_modules, and the default web fonts turned off (no CDN).
 * Scalar's hosted-service features are off: its AI agent ("Ask AI"), MCP, and the developer
 * toolbar (which offers "Deploy on Scalar" on localhost).
 */
export function GET() {
  const configuration = {
    url: "/api/v1/openapi.json",
    withDefaultFonts: false,
    hideClientButton: false,
    showDeveloperTools: "never",
    agent: { disabled: true },
    mcp: { disabled: true },
    metaData: { title: "Pagewise API reference" },
  };
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Pagewise API reference</title>
    <style>body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; } :root { --scalar-font: ui-sans-serif, system-ui, sans-serif; }</style>
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/api/scalar.js"></script>
    <script>Scalar.createApiReference("#app", ${JSON.stringify(configuration)});</script>
  </body>
</html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
