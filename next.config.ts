import type { NextConfig } from "next";

/** Sent with every response: pages, the viewer, files and the API. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Share links are capabilities: other sites only ever learn our origin, never a /s/<code> path.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // No other site may frame the dashboard or the viewer's gate forms (clickjacking).
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Server-only packages with native or worker parts are loaded by Node, not bundled.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "unpdf", "pdf-lib"],
  typedRoutes: false,
  // npm test type-checks the whole project (route types included) before it builds; a build on
  // its own still checks.
  typescript: { ignoreBuildErrors: process.env.PAGEWISE_TYPES_CHECKED === "1" },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
