import { describe, expect, it } from "vitest";
import { confirmationMessage, listUnsubscribeHeaders, smtpTransportOptions } from "./mailer";

describe("smtpTransportOptions", () => {
  it("requires STARTTLS on smtp:// (port 587 by default)", () => {
    expect(smtpTransportOptions("smtp://u:p%40ss@mail.example", false)).toMatchObject({
      host: "mail.example",
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: "u", pass: "p@ss" },
    });
  });

  it("lets smtp:// go without TLS only when plaintext is allowed (a local relay)", () => {
    expect(smtpTransportOptions("smtp://127.0.0.1:2525", true)).toMatchObject({
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      requireTLS: false,
      auth: undefined,
    });
  });

  it("uses TLS from the start on smtps:// (port 465 by default), whatever the plaintext switch says", () => {
    for (const allowPlaintext of [false, true]) {
      expect(smtpTransportOptions("smtps://u:p@mail.example", allowPlaintext)).toMatchObject({
        port: 465,
        secure: true,
        requireTLS: false,
      });
    }
  });
});

describe("listUnsubscribeHeaders", () => {
  const mail = {
    to: "a@example.com",
    confirmUrl: "https://club.example/newsletter/confirm?token=c",
    unsubscribeUrl: "https://club.example/newsletter/unsubscribe?token=u",
    listUnsubscribeUrl: "https://club.example/api/newsletter/unsubscribe?token=u",
  };

  it("offers RFC 8058 one-click: the API address that takes the POST, a mailto, and the Post header", () => {
    expect(listUnsubscribeHeaders(mail, "info@club.example")).toEqual({
      "List-Unsubscribe":
        "<https://club.example/api/newsletter/unsubscribe?token=u>, <mailto:info@club.example?subject=unsubscribe>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("falls back to the mail's unsubscribe link for mails queued before the one-click address", () => {
    const { listUnsubscribeUrl: _, ...older } = mail;
    expect(listUnsubscribeHeaders(older, "info@club.example")["List-Unsubscribe"]).toMatch(
      /^<https:\/\/club\.example\/newsletter\/unsubscribe\?token=u>, /,
    );
  });
});

describe("confirmationMessage", () => {
  const mail = {
    to: "a@example.com",
    confirmUrl: "https://club.example/newsletter/confirm?token=c&x=1",
    unsubscribeUrl: "https://club.example/newsletter/unsubscribe?token=u",
  };

  it("escapes the site name (SITE_NAME) in the HTML part, and keeps it as written in the text and subject", () => {
    const siteName = `Rock & Roll <script>alert("x")</script>`;
    const message = confirmationMessage(mail, siteName);
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("Rock &amp; Roll &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(message.html).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    expect(message.text).toContain(`the ${siteName} newsletter`);
    expect(message.subject).toBe(`Confirm your subscription to ${siteName}`);
  });

  it("puts the links in the HTML as attribute values, escaped, and whole in the text", () => {
    const message = confirmationMessage(mail, "Waveform");
    expect(message.html).toContain('href="https://club.example/newsletter/confirm?token=c&amp;x=1"');
    expect(message.html).toContain('href="https://club.example/newsletter/unsubscribe?token=u"');
    expect(message.text).toContain(mail.confirmUrl);
  });
});
