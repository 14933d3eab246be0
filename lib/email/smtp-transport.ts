import { createTransport, type Transporter } from "nodemailer";
import { config } from "../config";

let transport: { url: string; transporter: Transporter } | undefined;

/** One SMTP connection pool per configured SMTP_URL; null when no SMTP server is configured. */
export function smtpTransport(): Transporter | null {
  const url = config().SMTP_URL;
  if (!url) return null;
  if (transport?.url !== url) transport = { url, transporter: createTransport(url) };
  return transport.transporter;
}
