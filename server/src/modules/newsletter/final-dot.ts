import { Transform, type TransformCallback } from "node:stream";
import type { Transporter } from "nodemailer";

/**
 * What runs when the whole message has been handed to the SMTP connection, before the final `.`
 * that asks the server to take it (issue 34, decision 0024): the issue sender records the mail as
 * sent here. The server takes responsibility for a message only on that `.`; until it is written,
 * a connection that goes away (a crash, `kill -9`) leaves the server nothing to deliver.
 */
export type BeforeFinalDot = () => Promise<void>;

/** The key under which a message carries its hook through nodemailer (kept in `mail.data`). */
const HOOK = "waveformBeforeFinalDot";

/**
 * Passes the message through unchanged and holds its end until `before` has resolved. nodemailer's
 * SMTP connection writes `\r\n.\r\n` when the message stream ends, so the dot follows the hook. If
 * the hook fails, the stream fails: nodemailer reports the send as failed and the dot is never
 * written (the server discards the unfinished message).
 */
export class HoldFinalDot extends Transform {
  constructor(private readonly before: BeforeFinalDot) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.before().then(
      () => callback(),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** Lets a transport's messages carry a hook that runs before their final dot (`withFinalDotHook`). */
export function holdFinalDots(transport: Transporter): Transporter {
  transport.use("stream", (mail, done) => {
    const before = (mail.data as Record<string, unknown>)[HOOK];
    if (typeof before === "function")
      mail.message.transform(() => new HoldFinalDot(before as BeforeFinalDot));
    done();
  });
  return transport;
}

/** nodemailer message options with the hook attached (a transport prepared by `holdFinalDots`). */
export const withFinalDotHook = <T extends object>(options: T, before: BeforeFinalDot | undefined): T =>
  before ? { ...options, [HOOK]: before } : options;
