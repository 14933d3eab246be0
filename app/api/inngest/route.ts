import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions/deliver-webhook";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/with-api-key";
import { config } from "@/lib/config";

const inngestHandlers = serve({ client: inngest, functions });

type Handler = (req: NextRequest, context: unknown) => Promise<Response>;

/**
 * Inngest calls this endpoint to run the delivery function. Without Inngest configured, deliveries
 * run in-process and the endpoint does not exist. A body that is not JSON is refused here: the SDK
 * would throw on it.
 */
function onlyWithInngest(handler: Handler): Handler {
  return async (req, context) => {
    if (!config().inngestEnabled) {
      return errorResponse(new ApiError("not_found", "Inngest is not configured: webhook deliveries run in-process"), randomUUID());
    }
    const body = await req.clone().text();
    try {
      if (body) JSON.parse(body);
    } catch {
      return errorResponse(new ApiError("bad_request", "The request body is not valid JSON"), randomUUID());
    }
    return handler(req, context);
  };
}

export const GET = onlyWithInngest(inngestHandlers.GET as Handler);
export const POST = onlyWithInngest(inngestHandlers.POST as Handler);
export const PUT = onlyWithInngest(inngestHandlers.PUT as Handler);
