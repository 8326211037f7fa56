import { type Readable, Transform, type TransformCallback } from "node:stream";
import type { Transporter } from "nodemailer";

/**
 * What runs when the whole message has been handed to the SMTP connection, before the final `.`
 * that asks the server to take it (issue 34, decision 0024): the issue sender journals the dot
 * here. The server takes responsibility for a message only on that `.`; until it is written, a
 * connection that goes away (a crash, `kill -9`) leaves the server nothing to deliver.
 */
export type BeforeFinalDot = () => Promise<void>;

/** The key under which a message carries its hook through nodemailer (kept in `mail.data`). */
const HOOK = "waveformBeforeFinalDot";

/**
 * The last stage of a message's stream: passes it through unchanged and holds its end until the
 * whole message has been taken by the SMTP connection reading it, then until `before` has
 * resolved. nodemailer composes a message while the connection may still be busy with the
 * envelope (`MAIL FROM`, `RCPT TO`), so a message can be complete long before anything reads it:
 * the hook waits for the reader. The connection writes `\r\n.\r\n` when this stream ends, so the dot
 * follows the hook in the same turn. If the hook fails, the stream fails: nodemailer reports the
 * send as failed and the dot is never written (the server discards the unfinished message).
 */
class HoldFinalDot extends Transform {
  constructor(private readonly before: BeforeFinalDot) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    let released = false;
    const release = () => {
      released = true;
      this.before().then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    };
    // Taken = a reader is attached and flowing (a pipe) and nothing is left in this stream's buffer.
    const taken = () => this.readableFlowing === true && this.readableLength === 0;
    if (taken()) {
      release();
      return;
    }
    const check = () => {
      if (released || !taken()) return;
      this.off("data", check);
      this.off("resume", onResume);
      release();
    };
    // A 'data' listener only once a reader has resumed the stream (it would start the flow itself).
    const onResume = () => {
      if (!this.listeners("data").includes(check)) this.on("data", check);
      process.nextTick(check);
    };
    if (this.readableFlowing === true) this.on("data", check);
    else this.on("resume", onResume);
  }
}

/** Passes `input` through a HoldFinalDot, carrying its errors (nodemailer's `processFunc` shape). */
export function holdEnd(input: Readable, before: BeforeFinalDot): Readable {
  const hold = new HoldFinalDot(before);
  input.once("error", (error) => hold.destroy(error));
  return input.pipe(hold);
}

/** Lets a transport's messages carry a hook that runs before their final dot (`withFinalDotHook`). */
export function holdFinalDots(transport: Transporter): Transporter {
  transport.use("stream", (mail, done) => {
    const before = (mail.data as Record<string, unknown>)[HOOK];
    // A process function runs after every transform: its stream is the one the connection reads.
    if (typeof before === "function")
      mail.message.processFunc((input) => holdEnd(input, before as BeforeFinalDot));
    done();
  });
  return transport;
}

/** nodemailer message options with the hook attached (a transport prepared by `holdFinalDots`). */
export const withFinalDotHook = <T extends object>(options: T, before: BeforeFinalDot | undefined): T =>
  before ? { ...options, [HOOK]: before } : options;
