import { auth } from "../auth/auth";
import type { Document } from "../generated/prisma/client";
import { findOwnedDocument } from "../documents/find-document";

/** The signed-in owner's document for a dashboard route handler, or the response to send instead. */
export async function ownedDocumentForSession(code: string): Promise<{ doc: Document } | { response: Response }> {
  const userId = (await auth())?.user?.id;
  if (!userId) return { response: new Response("Sign in first.", { status: 401 }) };
  const doc = await findOwnedDocument(userId, code).catch(() => null);
  return doc ? { doc } : { response: new Response("Not found", { status: 404 }) };
}
