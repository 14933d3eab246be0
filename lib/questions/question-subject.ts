import type { Document, Link } from "../generated/prisma/client";
import type { RoomContext, SharedDocument } from "../links/shared-document";
import type { Access } from "../viewer/grants/access";
import { shareCode } from "../viewer/grants/access";
import type { RoomShare } from "../viewer/rooms/public-room";
import { ApiError } from "../errors";

/**
 * What a reader asks about at a share code: a document (through its own code or a link), a
 * document read in a room, or a room itself (no document). The room's rules replace a document's
 * inside a room, `allowQuestions` included, as they do for every other rule.
 */
export type QuestionSubject = {
  teamId: string;
  document: Pick<Document, "id" | "title" | "code" | "pageCount"> | null;
  link: Pick<Link, "code" | "name"> | null;
  room: RoomContext | null;
  shareCode: string;
  allowQuestions: boolean;
};

export const documentSubject = (doc: SharedDocument): QuestionSubject => ({
  teamId: doc.teamId,
  document: doc,
  link: doc.link,
  room: doc.room ?? null,
  shareCode: shareCode(doc),
  allowQuestions: doc.allowQuestions,
});

export const roomSubject = (share: RoomShare): QuestionSubject => ({
  teamId: share.teamId,
  document: null,
  link: null,
  room: share.room,
  shareCode: share.room.openedCode,
  allowQuestions: share.allowQuestions,
});

/**
 * The email a reader asks and reads answers with: the one they passed the gate with, after the
 * password and the agreement, as every page door asks. A code without an email gate has no asker
 * to answer, so it takes no questions; nor does the owner previewing their own link.
 */
export function questionAsker(subject: QuestionSubject, access: Access): string {
  if (access.ownerPreview) throw new ApiError("forbidden", "You are previewing as a member of the team: questions come from readers.");
  if (!access.passwordOk) throw new ApiError("forbidden", "Enter the password first.");
  if (!access.agreementAccepted) throw new ApiError("forbidden", "Accept the agreement first.");
  if (!access.gatePassed || !access.gateEmail) {
    throw new ApiError("forbidden", "Give your email at the gate first: questions are answered to it.");
  }
  if (!subject.allowQuestions) throw new ApiError("forbidden", "Questions are turned off here.");
  return access.gateEmail.toLowerCase();
}
