/** A page's layers of a document read in a room: the same door as any document's, with the room's rules. */
export { GET } from "../../../../pages/[page]/layers/route";
