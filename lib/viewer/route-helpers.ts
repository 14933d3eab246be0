import { ApiError, errorBody } from "../api/errors";
import { hasNulCharacter, NUL_MESSAGE } from "../api/nul-characters";

/** A JSON body (sendBeacon posts it as text/plain); 400 when it is not JSON. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.length > 256 * 1024) throw new ApiError("bad_request", "The request body is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text || "{}");
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
  if (hasNulCharacter(body)) throw new ApiError("bad_request", NUL_MESSAGE);
  return body;
}

/** The viewer's routes answer in the same error envelope as the API. */
export function viewerError(error: unknown): Response {
  if (error instanceof ApiError) return Response.json(errorBody(error.code, error.message), { status: error.status, headers: error.headers });
  console.error("[viewer]", error);
  return Response.json(errorBody("internal_error", "Something went wrong. Please try again."), { status: 500 });
}
