import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { uploadthingRoute } from "@/lib/http/uploadthing-route";

export const dynamic = "force-dynamic";

export const { GET, POST } = uploadthingRoute();

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"], { public: true });
