import type { AddressInfo, Server, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses, lower-cased. */
  to: string[];
  /** The raw message (headers and body). */
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it accepts (issue 34's tests count at it).
 * `refuse` answers RCPT TO for an address with an SMTP code (550: permanent, 451: try later);
 * `refuseData` (settable while it runs) answers the final dot of a mail to an address the same way.
 */
export async function startSmtpSink(
  options: { port?: number; refuse?: (address: string) => number | null } = {},
) {
  const received: ReceivedMail[] = [];
  const sink: { refuseData: ((address: string) => number | null) | null } = { refuseData: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, done) {
      const code = options.refuse?.(address.address.toLowerCase()) ?? null;
      if (code === null) return done();
      const error = new Error(
        code >= 500 ? "5.1.1 No such user here" : "4.2.1 Mailbox busy, try again later",
      );
      (error as Error & { responseCode: number }).responseCode = code;
      return done(error);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const code = to.map((address) => sink.refuseData?.(address) ?? null).find((found) => found !== null);
        if (code != null) {
          const error = new Error(code >= 500 ? "5.7.1 Message refused" : "4.3.0 Try again later");
          (error as Error & { responseCode: number }).responseCode = code;
          return done(error);
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        done();
      });
    },
  });
  // A client that drops its connection (a crash test) is not the sink's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const listener = (server as unknown as { server: Server }).server;
  const address = listener.address() as AddressInfo;
  const sockets = new Set<Socket>();
  listener.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return {
    received,
    /** Refuses the final dot of a mail to an address with this code (null: accept). */
    get refuseData() {
      return sink.refuseData;
    },
    set refuseData(refuse: ((address: string) => number | null) | null) {
      sink.refuseData = refuse;
    },
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    /** How many copies each address got. */
    copies(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const mail of received) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    /**
     * Cuts every client connection, as the death of the process at their other end would: a message
     * without its final dot is dropped.
     */
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A header of a raw message, unfolded. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  const match = new RegExp(`^${name}: (.*)$`, "im").exec(head);
  return match?.[1]?.trim() ?? null;
}

/** A quoted-printable body made readable (soft breaks and =3D undone). */
export const unfoldBody = (raw: string) => raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
