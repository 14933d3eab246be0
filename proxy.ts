import { type NextRequest, NextResponse } from "next/server";
import { findPublicDocument } from "@/lib/viewer/find-public-document";

/**
 * A deleted document's link answers HTTP 410 Gone with a "no longer available" page. (A page
 * cannot choose its status in the App Router; notFound() is 404 only.)
 */
export async function proxy(request: NextRequest) {
  const code = request.nextUrl.pathname.split("/")[2] ?? "";
  const found = await findPublicDocument(code);
  if (found.state !== "gone") return NextResponse.next();
  return new NextResponse(GONE_HTML, { status: 410, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export const config = { matcher: "/s/:code" };

const GONE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Document no longer available · Pagewise</title>
<style>body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:24px}
.card{max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0}p{color:#475569;margin:.5rem 0 0}</style></head>
<body><main class="card"><h1>This document is no longer available</h1><p>The person who shared it has removed it. Ask them for a new link if you still need it.</p></main></body></html>`;
