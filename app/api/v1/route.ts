import { unknownRoute } from "@/lib/http/route-fallbacks";

/** `/api/v1` itself is no operation: 404 in the envelope, pointing at the OpenAPI document. */
export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
  unknownRoute as OPTIONS,
};
