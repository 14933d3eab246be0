/** Questions about a document read in a room: the room's rules, the room's group, the document's questions. */
export { GET, POST } from "../../questions/route";
