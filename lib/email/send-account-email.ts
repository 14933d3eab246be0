import { config } from "../config";
import { brandedHtml, PAGEWISE_BRAND } from "./branded-html";
import { smtpTransport } from "./smtp-transport";

export type AccountEmail = { to: string; subject: string; text: string };

/**
 * Sends an account email (sign-in link, sign-up confirmation, password reset) now, while the person
 * waits for it: the text, and the same text as HTML in Pagewise's own brand.
 * Only called with SMTP configured: these emails exist to prove an address, and a local outbox
 * would prove nothing.
 */
export async function sendAccountEmail(email: AccountEmail): Promise<void> {
  const transporter = smtpTransport();
  if (!transporter) throw new Error("Account emails need SMTP_URL");
  await transporter.sendMail({
    from: config().SMTP_FROM,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: brandedHtml(email.text, PAGEWISE_BRAND),
  });
}
