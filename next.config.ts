import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Server-only packages with native or worker parts are loaded by Node, not bundled.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "unpdf", "pdf-lib", "pino", "prom-client"],
  typedRoutes: false,
  // npm test type-checks the whole project (route types included) before it builds; a build on
  // its own still checks.
  typescript: { ignoreBuildErrors: process.env.PAGEWISE_TYPES_CHECKED === "1" },
  async headers() {
    return [{ source: "/:path*", headers: [...SECURITY_HEADERS] }];
  },
};

export default nextConfig;
