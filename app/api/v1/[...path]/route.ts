import { apiRouter } from "@/lib/contract/api-router";

/** Every /api/v1 operation of lib/contract's registry, its path's 405s and OPTIONS, and the 404 for any other path. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRouter();
