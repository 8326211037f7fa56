import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One mail as the sink got it: the envelope's recipients and the whole message (headers and body). */
export interface SunkMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps every mail it receives (the console server sends to it:
 * playwright.config.ts gives that server SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT>). Started by the
 * journey that reads mail; until then, the server's outbox finds nobody there and retries later.
 */
export async function startSmtpSink(port: number) {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    port: address.port,
    /** The mails sent to `email` so far. */
    mailsTo: (email: string) => mails.filter((mail) => mail.to.includes(email.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message's body with quoted-printable soft line breaks and escapes undone (links read whole). */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** One header's value (unfolded), or undefined. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((row) => row.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
