import { ApiError, errorBody } from "../errors";
import { hasNulCharacter, NUL_MESSAGE } from "../request/nul-characters";
import { readCappedText } from "../request/read-body";

/** A JSON body of at most `maxBytes` (sendBeacon posts it as text/plain); 400 when it is not JSON. */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const text = await readCappedText(req, maxBytes);
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
