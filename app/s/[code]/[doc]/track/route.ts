/** Reading beacons of a document read in a room: recorded as the document's, naming the room. */
export { POST } from "../../track/route";
