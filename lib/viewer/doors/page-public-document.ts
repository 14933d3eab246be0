import { cache } from "react";
import { parseShareCode } from "../../documents/short-code";
import { findPublicDocument, type PublicDocument } from "./find-public-document";
import { receiveFound, roomDocumentKey } from "./hand-over-found";
import { findPublicRoom, roomDocument } from "../rooms/public-room";

/**
 * The viewer page's document (metadata and page ask once between them): what the proxy found at the
 * page's door, handed over in SHARE_CODE_FOUND_HEADER, so a page view resolves its code once; looked
 * up here only when no valid hand-over came (the proxy did not run).
 */
export const pagePublicDocument = cache(
  async (code: string, handedOver: string | null): Promise<PublicDocument> =>
    receiveFound(parseShareCode(code) ?? "", handedOver) ?? findPublicDocument(code),
);

/**
 * A room document page's document (`/s/<room code>/<document code>`): what the proxy found at the
 * page's door, else looked up here (the room, then the document in it, with the room's rules).
 */
export const pageRoomDocument = cache(
  async (roomCode: string, documentCode: string, handedOver: string | null): Promise<PublicDocument> => {
    const key = roomDocumentKey(roomCode, documentCode);
    const received = key ? receiveFound(key, handedOver) : null;
    if (received) return received;
    const room = parseShareCode(roomCode);
    const document = parseShareCode(documentCode);
    if (!room || !document) return { state: "missing" };
    const found = await findPublicRoom(room);
    if (found.state !== "active") return { state: found.state };
    const doc = await roomDocument(found.share, document);
    return doc ? { state: "active", doc } : { state: "missing" };
  },
);
