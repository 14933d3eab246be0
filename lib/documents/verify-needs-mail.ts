import { config } from "../config";
import { ApiError } from "../errors";
import { VERIFY_NEEDS_SMTP } from "../schemas/access-rules";

/** Refuses to turn on `verify_email` where no email server could send the codes (issue 24). */
export function assertCanVerifyEmails(verifyEmail: boolean | undefined): void {
  if (verifyEmail === true && !config().SMTP_URL) {
    throw new ApiError("validation_error", VERIFY_NEEDS_SMTP, { fields: { verify_email: VERIFY_NEEDS_SMTP } });
  }
}
