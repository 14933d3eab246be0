import type { z } from "zod";
import type { linkSchema } from "../schemas/links";
import type { OwnedLink } from "./find-link";
import { linkFigures, NO_FIGURES } from "./link-figures";
import { serializeLink } from "./serialize-link";

/** One link in the API's shape with its current figures. */
export async function linkWithFigures(link: OwnedLink): Promise<z.input<typeof linkSchema>> {
  const figures = await linkFigures(link.documentId, [link.id]);
  return serializeLink(link, link.document, figures.get(link.id) ?? NO_FIGURES);
}
