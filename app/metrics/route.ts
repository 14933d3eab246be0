import { randomUUID } from "node:crypto";
import { metricsResponse } from "@/lib/http/metrics-response";
import { currentRequest } from "@/lib/log/request-context";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return metricsResponse(req, currentRequest()?.requestId ?? randomUUID());
}
