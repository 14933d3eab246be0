/** A reader's search in a document read in a room: the same door as any document's, with the room's rules (its group's levels). */
export { GET } from "../../search/route";
