import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Server-only packages with native or worker parts are loaded by Node, not bundled.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "unpdf", "pdf-lib"],
  typedRoutes: false,
};

export default nextConfig;
