import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/inngest-client";
import { functions } from "@/inngest/functions/deliver-webhook";
import { ApiError } from "@/lib/errors";
import { BODY_LIMITS, readCappedText } from "@/lib/request/read-body";
import { errorResponse } from "@/lib/http/respond";
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
    try {
      // The clone is read with a cap; the SDK then reads the original, which holds the same bytes.
      const body = await readCappedText(req.clone(), BODY_LIMITS.inngest);
      if (body) JSON.parse(body);
    } catch (error) {
      return errorResponse(
        error instanceof ApiError ? error : new ApiError("bad_request", "The request body is not valid JSON"),
        randomUUID(),
      );
    }
    return handler(req, context);
  };
}

export const GET = onlyWithInngest(inngestHandlers.GET as Handler);
export const POST = onlyWithInngest(inngestHandlers.POST as Handler);
export const PUT = onlyWithInngest(inngestHandlers.PUT as Handler);
