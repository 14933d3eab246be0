import type { z } from "zod";
import type { linkListSchema } from "../schemas/links";
import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { pagination } from "../schemas/common";
import { linkFigures, NO_FIGURES } from "./link-figures";
import { serializeLink } from "./serialize-link";

/** A document's links that are not deleted, newest first, each with its figures. */
export async function listLinks(doc: Document, page: number, perPage: number): Promise<z.input<typeof linkListSchema>> {
  const where = { documentId: doc.id, deletedAt: null };
  const [links, total] = await Promise.all([
    db.link.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: (page - 1) * perPage, take: perPage }),
    db.link.count({ where }),
  ]);
  const figures = await linkFigures(
    doc.id,
    links.map((l) => l.id),
  );
  return {
    links: links.map((link) => serializeLink(link, doc, figures.get(link.id) ?? NO_FIGURES)),
    pagination: pagination(page, perPage, total),
  };
}
