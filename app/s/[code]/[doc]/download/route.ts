/** Downloading a document read in a room, as the room allows. */
export { GET } from "../../download/route";
