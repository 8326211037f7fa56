import type { Transporter } from "nodemailer";
import type { ConfirmationMail } from "./newsletter.repository";

export interface Mailer {
  sendConfirmation(mail: ConfirmationMail): Promise<void>;
  close(): void;
}

/**
 * Sends mail through the SMTP server at `smtpUrl` (smtp:// or smtps://, credentials in the URL).
 * nodemailer is loaded, and the transport made, when the first message is sent.
 */
export function createSmtpMailer(smtpUrl: string, from: string, siteName: string): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  let transport: Promise<Transporter> | undefined;
  const connect = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  };
  return {
    async sendConfirmation(mail) {
      transport ??= connect().catch((error: unknown) => {
        transport = undefined; // try again with the next message
        throw error;
      });
      await (await transport).sendMail({
        from,
        to: mail.to,
        subject: `Confirm your subscription to ${siteName}`,
        text: [
          `Thanks for signing up to the ${siteName} newsletter.`,
          "",
          `Confirm your subscription: ${mail.confirmUrl}`,
          "",
          `Didn't ask for this? Ignore this mail, or unsubscribe: ${mail.unsubscribeUrl}`,
        ].join("\n"),
        html: `<p>Thanks for signing up to the ${siteName} newsletter.</p><p><a href="${mail.confirmUrl}">Confirm your subscription</a></p><p>Didn't ask for this? Ignore this mail, or <a href="${mail.unsubscribeUrl}">unsubscribe</a>.</p>`,
        headers: { "List-Unsubscribe": `<${mail.unsubscribeUrl}>` },
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
