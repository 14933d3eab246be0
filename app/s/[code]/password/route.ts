import { ApiError } from "@/lib/api/errors";
import { consumeRateLimit } from "@/lib/api/rate-limit";
import { verifyPassword } from "@/lib/auth/password-hash";
import { clientAddress } from "@/lib/server-headers";
import { passwordCookie, passwordGrant } from "@/lib/viewer/access";
import { findPublicDocument } from "@/lib/viewer/find-public-document";
import { browserId, setGrantCookie } from "@/lib/viewer/request-context";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { readJson, viewerError } from "@/lib/viewer/route-helpers";

/** Wrong passwords are limited per client address: this many attempts a minute. */
export const PASSWORD_ATTEMPTS_PER_MINUTE = 10;

export async function POST(req: Request, { params }: { params: Promise<{ code: string }> }) {
  try {
    const found = await findPublicDocument((await params).code);
    if (found.state !== "active") throw new ApiError("not_found", "This document is not available.");
    const { doc } = found;
    const limit = await consumeRateLimit(`password:${clientAddress(req)}`, new Date(), PASSWORD_ATTEMPTS_PER_MINUTE);
    if (!limit.allowed) {
      return Response.json(
        { error: { code: "rate_limited", message: `Too many attempts. Try again in ${limit.retryAfter} seconds.` } },
        { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
      );
    }
    const body = await readJson(req, BODY_LIMITS.viewerForm);
    const password = typeof body === "object" && body !== null && typeof (body as { password?: unknown }).password === "string" ? (body as { password: string }).password : "";
    if (!doc.passwordHash || !(await verifyPassword(password, doc.passwordHash))) {
      throw new ApiError("unauthorized", "That password is not right. Check it and try again.");
    }
    await setGrantCookie(passwordCookie(doc.code), passwordGrant(doc, await browserId()), doc.code);
    return Response.json({ ok: true });
  } catch (error) {
    return viewerError(error);
  }
}
