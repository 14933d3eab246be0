import type { Document } from "../../generated/prisma/client";
import { ApiError } from "../../errors";
import { listNames } from "../../schemas/access-rules";

import { type SharedThing, sharedThingOf } from "../doors/door-refusal";

export const refusedEmailMessage = (what: SharedThing = "document") =>
  `This email can't open this ${what}. Ask the person who shared it with you for access.`;
export const REFUSED_EMAIL_MESSAGE = refusedEmailMessage();

/**
 * The allow and block lists at the gate: a blocked email, or one a non-empty allow list does not
 * name, is refused (403) before anything is recorded or sent. The block list wins over the allow
 * list. One message for both, so a refusal does not tell which list holds what.
 */
export function checkEmailRules(doc: Pick<Document, "allowList" | "blockList">, email: string): void {
  if (!emailRulesAdmit(doc, email)) throw new ApiError("forbidden", refusedEmailMessage(sharedThingOf(doc)));
}

/** Whether the lists admit the email now (asked again on every request a gate grant serves). */
export function emailRulesAdmit(doc: Pick<Document, "allowList" | "blockList">, email: string): boolean {
  const blocked = listNames(doc.blockList, email, "lookalike");
  const allowed = doc.allowList.length === 0 || listNames(doc.allowList, email);
  return !blocked && allowed;
}
