import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "../../lib/config";
import { startSmtpSink } from "./smtp-sink";

/**
 * A real SMTP sink every test of the calling file sends through: SMTP_URL names it for the file's
 * tests, and is unset (the sink closed) after them. Vitest only; call at a test file's top level.
 */
export async function smtpSinkForThisFile() {
  const smtp = await startSmtpSink();
  beforeAll(() => {
    process.env.SMTP_URL = smtp.url;
    reloadConfig();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    reloadConfig();
    await smtp.close();
  });
  return smtp;
}
