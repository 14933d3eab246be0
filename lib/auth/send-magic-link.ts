import { config } from "../config";
import { sendAccountEmail } from "../email/send-account-email";
import { emailSchema } from "../schemas/users";
import { findUserByEmail } from "../users/create-user";
import { consumeAccountLimits } from "../credentials/account-limits";

export type MagicLinkDelivery = "link_sent" | "no_account_sent" | "limited" | "invalid";

/**
 * Next-auth's sign-in link request, after it made the link. Whatever happens here the browser is
 * told to check its email, so nothing here may differ in a way it could see: an address with an
 * account gets the link, one without gets a note saying there is no account (the same work, one
 * email either way), and past a limit nothing is sent. Links never create accounts.
 */
export async function sendMagicLink(request: { email: string; url: string; address: string }): Promise<MagicLinkDelivery> {
  const email = emailSchema.safeParse(request.email);
  if (!email.success) return "invalid";
  const limit = await consumeAccountLimits("magicLink", { email: email.data, address: request.address });
  if (!limit.allowed) return "limited";
  const user = await findUserByEmail(email.data);
  const appUrl = config().APP_URL;
  if (user) {
    await sendAccountEmail({
      to: email.data,
      subject: "Sign in to Pagewise",
      text: `Open this link to sign in to Pagewise:\n\n${request.url}\n\nIt works once and expires in 24 hours. If you did not ask for it, ignore this email.`,
    });
    return "link_sent";
  }
  await sendAccountEmail({
    to: email.data,
    subject: "Sign-in request for Pagewise",
    text:
      `Someone (perhaps you) asked for a link to sign in to Pagewise at ${appUrl} with this address, but no account uses it. ` +
      `If you have an account, it is under another address. To create one, visit ${appUrl}/sign-up.\n\nIf you did not ask, ignore this email.`,
  });
  return "no_account_sent";
}
