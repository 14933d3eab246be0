/** A document read in a room (`/s/<room code>/<document code>`): the same door as any document's, with the room's rules. */
export { GET } from "../../file/route";
