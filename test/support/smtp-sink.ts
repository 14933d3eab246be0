import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink() {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString()));
      stream.on("end", () => {
        mails.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { mails, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A received message with quoted-printable soft line breaks and `=3D` undone, for reading its text. */
export const readableMail = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
