import { ROOM_OPERATIONS } from "@/lib/contract/rooms";
import { routeOf } from "@/lib/contract/route-of";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(ROOM_OPERATIONS, "/api/v1/rooms/{id}/groups");
