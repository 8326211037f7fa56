import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { escapeMarkup as escapeHtml } from "../../lib/markup-text";
import { type BeforeFinalDot, holdFinalDots, withFinalDotHook } from "./final-dot";
import type { ConfirmationMail } from "./newsletter.repository";

/** A mail other than a confirmation (issues, welcome and test mails), ready to send. */
interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Fixed per (issue, subscriber): a copy sent again after a crash carries the same id. */
  messageId?: string;
}

export interface Mailer {
  sendConfirmation(mail: ConfirmationMail): Promise<void>;
  /**
   * Resolves once the SMTP server has accepted the mail. `beforeFinalDot` runs when the whole
   * message is with the server, before the `.` that makes the server take it (final-dot.ts); if it
   * fails, the mail is not sent and `send` rejects with its error.
   */
  send(mail: OutgoingMail, beforeFinalDot?: BeforeFinalDot): Promise<void>;
  close(): void;
}

/**
 * A refusal at RCPT TO with a 5xx (user unknown, mailbox disabled): permanent, the address is
 * suppressed. Other failures (4xx, a lost connection, a timeout) are temporary and retried.
 */
export function permanentRecipientFailure(error: unknown): string | null {
  const failure = error as { responseCode?: number; command?: string; response?: string };
  if (typeof failure.responseCode !== "number" || failure.responseCode < 500 || failure.responseCode > 599)
    return null;
  if (!/RCPT/i.test(failure.command ?? "")) return null;
  return `smtp ${failure.responseCode} at RCPT TO: ${(failure.response ?? "").slice(0, 200)}`;
}

export interface SmtpSettings {
  /** smtp:// or smtps://, credentials in the URL. */
  url: string;
  from: string;
  /** SMTP_ALLOW_PLAINTEXT: an smtp:// server may go without STARTTLS (a local relay). */
  allowPlaintext: boolean;
}

/**
 * nodemailer's transport options for an SMTP_URL. smtps:// is TLS from the first byte; smtp://
 * must upgrade with STARTTLS (`requireTLS`: a server that does not offer it gets no mail, and no
 * password), unless plaintext is allowed for a relay on the same machine or network.
 */
export function smtpTransportOptions(url: string, allowPlaintext: boolean): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !allowPlaintext,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/**
 * RFC 8058 one-click unsubscribe: the https address takes a POST of `List-Unsubscribe=One-Click`
 * (mail providers send it without a person clicking through a page); the mailto is the fallback
 * for clients that cannot POST.
 */
export function listUnsubscribeHeaders(mail: ConfirmationMail, mailto: string): Record<string, string> {
  const address = mail.listUnsubscribeUrl ?? mail.unsubscribeUrl;
  return {
    "List-Unsubscribe": `<${address}>, <mailto:${mailto}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The confirmation mail's subject, text and HTML. The HTML part escapes everything it inserts (the
 * site name, the links); the subject and the text part are plain text and keep them as written.
 */
export function confirmationMessage(
  mail: Pick<ConfirmationMail, "confirmUrl" | "unsubscribeUrl">,
  siteName: string,
): { subject: string; text: string; html: string } {
  return {
    subject: `Confirm your subscription to ${siteName}`,
    text: [
      `Thanks for signing up to the ${siteName} newsletter.`,
      "",
      `Confirm your subscription: ${mail.confirmUrl}`,
      "",
      `Didn't ask for this? Ignore this mail, or unsubscribe: ${mail.unsubscribeUrl}`,
    ].join("\n"),
    html: `<p>Thanks for signing up to the ${escapeHtml(siteName)} newsletter.</p><p><a href="${escapeHtml(mail.confirmUrl)}">Confirm your subscription</a></p><p>Didn't ask for this? Ignore this mail, or <a href="${escapeHtml(mail.unsubscribeUrl)}">unsubscribe</a>.</p>`,
  };
}

/**
 * Sends mail through the SMTP server of `settings`. nodemailer is loaded, and the transport made,
 * when the first message is sent. `mailto`: where an unsubscribe by mail goes.
 */
export function createSmtpMailer(
  settings: SmtpSettings,
  siteName: string,
  mailto: string,
  /** Bulk mail (issues): keep up to this many connections open and reuse them. */
  pool?: { maxConnections: number },
): Mailer {
  let transport: Promise<Transporter> | undefined;
  const connect = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import("nodemailer");
    const options = smtpTransportOptions(settings.url, settings.allowPlaintext);
    return holdFinalDots(
      nodemailer.createTransport(
        pool ? { ...options, pool: true, maxConnections: pool.maxConnections, maxMessages: 1000 } : options,
      ),
    );
  };
  const connected = () => {
    transport ??= connect().catch((error: unknown) => {
      transport = undefined; // try again with the next message
      throw error;
    });
    return transport;
  };
  return {
    async send(mail, beforeFinalDot) {
      const message = {
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // Written as given (ASCII we made): nodemailer would otherwise encode List-Id's quoted phrase.
        headers: Object.fromEntries(
          Object.entries(mail.headers).map(([name, value]) => [name, { prepared: true, value }]),
        ),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      };
      await (await connected()).sendMail(withFinalDotHook(message, beforeFinalDot));
    },
    async sendConfirmation(mail) {
      await (await connected()).sendMail({
        from: settings.from,
        to: mail.to,
        ...confirmationMessage(mail, siteName),
        headers: listUnsubscribeHeaders(mail, mailto),
      });
    },
    close() {
      transport?.then(
        (made) => made.close(),
        () => {},
      );
    },
  };
}
