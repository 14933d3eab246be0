import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// `.openapi()` on every schema, so the same schemas validate requests and describe them.
extendZodWithOpenApi(z);

export { z };
