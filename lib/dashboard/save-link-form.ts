import type { AuditActor } from "../audit/record-audit";
import { shareUrl } from "../documents/short-code";
import { invalidInput } from "../errors";
import type { Document } from "../generated/prisma/client";
import { createLinkSchema, updateLinkSchema } from "../schemas/links";
import { createLink } from "../links/create-link";
import type { OwnedLink } from "../links/find-link";
import { updateLink } from "../links/update-link";
import { readLinkForm } from "./link-form-input";

/** A new link of the document from the Links section's form, under the API's rules (an ApiError naming the API's fields); its name and address. */
export async function createLinkFromForm(by: AuditActor, document: Document, form: FormData): Promise<{ name: string; url: string }> {
  const { name, settings } = readLinkForm(form);
  const parsed = createLinkSchema.safeParse({ name, settings });
  if (!parsed.success) throw invalidInput(parsed.error);
  const link = await createLink(by, document, parsed.data);
  return { name: link.name, url: shareUrl(link.code) };
}

/** The edit form sends every setting: the ones left on "follow the document" stop being overridden. */
export async function updateLinkFromForm(by: AuditActor, link: OwnedLink, form: FormData): Promise<void> {
  const parsed = updateLinkSchema.safeParse(readLinkForm(form));
  if (!parsed.success) throw invalidInput(parsed.error);
  await updateLink(by, link, parsed.data);
}
