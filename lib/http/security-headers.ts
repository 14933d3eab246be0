/** Sent with every response: pages, the viewer, files, the API and the build's static files. */
export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Share links are capabilities: other sites only ever learn our origin, never a /s/<code> path.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // No other site may frame the dashboard or the viewer's gate forms (clickjacking).
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
] as const;
