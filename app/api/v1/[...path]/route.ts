import { unknownRoutes } from "@/lib/http/route-fallbacks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownRoutes;
