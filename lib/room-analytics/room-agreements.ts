import type { AgreementAcceptanceRow } from "../analytics/document-agreements";
import { db } from "../db/client";
import type { Room } from "../generated/prisma/client";
import { pagination } from "../schemas/common";

/**
 * Who accepted the room's agreement, which text (as it was then) and when, newest first, with the
 * room link it was accepted through: one acceptance serves the room's every document. A reader is
 * the email given at the room's gate; without a gate, an anonymous reader.
 */
export async function roomAgreements(room: Room, page: number, perPage: number) {
  const where = { roomId: room.id };
  const [rows, total] = await Promise.all([
    db.agreementAcceptance.findMany({
      where,
      orderBy: [{ acceptedAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: { id: true, email: true, agreement: true, acceptedAt: true, roomLink: { select: { name: true } } },
    }),
    db.agreementAcceptance.count({ where }),
  ]);
  const acceptances: AgreementAcceptanceRow[] = rows.map((row) => ({
    id: row.id,
    reader: row.email ?? "Anonymous reader",
    agreement: row.agreement,
    through: { link: null, room: { name: room.name, link: row.roomLink?.name ?? null } },
    acceptedAt: row.acceptedAt,
  }));
  return { acceptances, pagination: pagination(page, perPage, total) };
}
