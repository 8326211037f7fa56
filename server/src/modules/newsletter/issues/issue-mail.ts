import type * as ReactEmail from "@react-email/components";
import type { ReactNode } from "react";
import { escapeMarkup } from "../../../lib/markup-text";
import { type BlockCard, blockLabel, type ResolvedSection } from "./blocks";
import { issueWebHtml } from "./issue-web-html";
import { type MarkdownKit, markdownKit } from "./markdown";

/**
 * An issue as mail (HTML and plain text, React Email: 600 px, inline styles, tables where mail
 * clients need them) and as the archive page's body (plain semantic HTML, sanitised). The mail is
 * rendered once per issue; each recipient's copy only swaps UNSUBSCRIBE_PLACEHOLDER for their link
 * (personalise), so a send of 10,000 renders once. The archive page's body is issue-web-html.ts.
 */
const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.placeholder.invalid/";

interface IssueContent {
  title: string;
  intro: string;
  sections: readonly ResolvedSection[];
}

export interface MailSite {
  name: string;
  publicUrl: string;
}

export interface RenderedIssue {
  subject: string;
  html: string;
  text: string;
  webHtml: string;
}

// Colours chosen to read on white and, where a client darkens the mail, on dark (mid-tone accent,
// no pure black text on a transparent image); clients that honour prefers-color-scheme get a dark theme.
const COLOURS = { text: "#1f2933", muted: "#52606d", accent: "#6b3fd4", line: "#d9e2ec" };
const FONT = "Helvetica, Arial, sans-serif";
const DARK_CSS = `:root{color-scheme:light dark;supported-color-schemes:light dark}
.wf-text a{color:#6b3fd4}
@media (prefers-color-scheme: dark){.wf-page{background:#12161c!important}.wf-card{background:#1c222b!important}
.wf-text{color:#e4e7eb!important}.wf-muted{color:#b8c2cc!important}.wf-link,.wf-text a{color:#b69cff!important}}`;

/**
 * React, React Email and the Markdown kit are loaded on the first render, not when the server
 * starts (together about a second of the start budget on a busy machine; decision 0002).
 */
async function loadTemplate() {
  const [react, components, { render }, md] = await Promise.all([
    import("react"),
    import("@react-email/components"),
    import("@react-email/render"),
    markdownKit(),
  ]);
  const h = react.createElement;
  const { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } =
    components as typeof ReactEmail;

  /**
   * Markdown rendered to sanitised HTML, as a block inside the mail (styled by its wrapper); links
   * to paths of the site made absolute on it.
   */
  const rich = (markdown: string, siteUrl: string): ReactNode =>
    h("div", {
      className: "wf-text",
      style: { color: COLOURS.text, fontSize: "16px", lineHeight: "1.6" },
      // md.toHtml sanitises (sanitize-html, a short tag list, https/mailto/site links only).
      dangerouslySetInnerHTML: { __html: md.toHtml(markdown, siteUrl) },
    });

  const card = (block: BlockCard): ReactNode =>
    h(
      Section,
      {
        key: `${block.type}-${block.id}`,
        className: "wf-card",
        style: {
          border: `1px solid ${COLOURS.line}`,
          borderRadius: "8px",
          margin: "16px 0",
          padding: "16px",
        },
      },
      h(
        Row,
        null,
        block.imageUrl
          ? h(
              Column,
              { style: { width: "112px", verticalAlign: "top", paddingRight: "16px" } },
              h(Img, {
                src: block.imageUrl,
                alt: `Cover of ${block.title}`,
                width: 96,
                height: 96,
                style: { borderRadius: "6px" },
              }),
            )
          : null,
        h(
          Column,
          { style: { verticalAlign: "top" } },
          h(
            Text,
            {
              className: "wf-muted",
              style: { margin: 0, fontSize: "12px", textTransform: "uppercase", color: COLOURS.muted },
            },
            blockLabel(block.type),
          ),
          h(
            Text,
            {
              className: "wf-text",
              style: { margin: "4px 0", fontSize: "18px", fontWeight: 700, color: COLOURS.text },
            },
            block.title,
          ),
          h(
            Text,
            { className: "wf-muted", style: { margin: "0 0 8px", fontSize: "14px", color: COLOURS.muted } },
            block.subtitle,
          ),
          block.description
            ? h(
                Text,
                {
                  className: "wf-text",
                  style: { margin: "0 0 12px", fontSize: "14px", color: COLOURS.text },
                },
                block.description,
              )
            : null,
          h(
            Button,
            {
              href: block.href,
              style: {
                background: COLOURS.accent,
                color: "#ffffff",
                borderRadius: "6px",
                padding: "10px 16px",
                fontSize: "14px",
                fontWeight: 700,
              },
            },
            block.type === "episode"
              ? "Listen to the episode"
              : block.type === "playlist"
                ? "Open the playlist"
                : "Listen",
          ),
        ),
      ),
    );

  function IssueMail({ content, site, webUrl }: { content: IssueContent; site: MailSite; webUrl: string }) {
    return h(
      Html,
      { lang: "en", dir: "ltr" },
      h(
        Head,
        null,
        h("meta", { name: "color-scheme", content: "light dark" }),
        h("meta", { name: "supported-color-schemes", content: "light dark" }),
        h("style", null, DARK_CSS),
      ),
      h(Preview, null, md.summary(content.intro, 140) || content.title),
      h(
        Body,
        {
          className: "wf-page",
          style: { fontFamily: FONT, margin: 0, padding: "24px 0" },
        },
        h(
          Container,
          {
            className: "wf-card",
            style: {
              maxWidth: "600px",
              width: "100%",
              background: "#ffffff",
              border: `1px solid ${COLOURS.line}`,
              borderRadius: "8px",
              padding: "24px",
            },
          },
          h(
            Text,
            { className: "wf-muted", style: { margin: 0, fontSize: "14px", color: COLOURS.muted } },
            site.name,
          ),
          h(
            Heading,
            {
              as: "h1",
              className: "wf-text",
              style: { fontSize: "26px", lineHeight: "1.3", color: COLOURS.text, margin: "8px 0 16px" },
            },
            content.title,
          ),
          content.intro.trim() ? rich(content.intro, site.publicUrl) : null,
          ...content.sections.map((section, index) =>
            section.type === "card"
              ? card(section.card)
              : h("div", { key: `text-${index}` }, rich(section.markdown, site.publicUrl)),
          ),
          h(Hr, { style: { borderColor: COLOURS.line, margin: "24px 0" } }),
          h(
            Text,
            { className: "wf-muted", style: { fontSize: "13px", color: COLOURS.muted, lineHeight: "1.5" } },
            "You get this because you subscribed to the ",
            site.name,
            " newsletter. ",
            h(
              Link,
              { href: webUrl, className: "wf-link", style: { color: COLOURS.accent } },
              "Read it on the site",
            ),
            " · ",
            h(
              Link,
              { href: UNSUBSCRIBE_PLACEHOLDER, className: "wf-link", style: { color: COLOURS.accent } },
              "Unsubscribe",
            ),
          ),
        ),
      ),
    );
  }

  return { IssueMail, h, render, md };
}
let template: ReturnType<typeof loadTemplate> | undefined;
const loadedTemplate = () => {
  template ??= loadTemplate();
  return template;
};

const cardText = (block: BlockCard) =>
  [`${blockLabel(block.type)}: ${block.title}`, block.subtitle, block.description, block.href]
    .filter(Boolean)
    .join("\n");

function issueText(md: MarkdownKit, content: IssueContent, site: MailSite, webUrl: string): string {
  const parts = [site.name, "", content.title, "=".repeat(Math.min(content.title.length, 72))];
  if (content.intro.trim()) parts.push("", md.toText(content.intro, site.publicUrl));
  for (const section of content.sections) {
    parts.push(
      "",
      section.type === "card" ? cardText(section.card) : md.toText(section.markdown, site.publicUrl),
    );
  }
  parts.push(
    "",
    "--",
    `You get this because you subscribed to the ${site.name} newsletter.`,
    `Read it on the site: ${webUrl}`,
    `Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
  );
  return `${parts.join("\n")}\n`;
}

export async function renderIssue(
  content: IssueContent,
  site: MailSite,
  webUrl: string,
): Promise<RenderedIssue> {
  const { IssueMail, h, render, md } = await loadedTemplate();
  const html = await render(h(IssueMail, { content, site, webUrl }));
  return {
    subject: content.title,
    html,
    text: issueText(md, content, site, webUrl),
    webHtml: await issueWebHtml(content, site.publicUrl),
  };
}

/** One recipient's copy: their unsubscribe link in place of the placeholder. */
export function personalise(
  rendered: RenderedIssue,
  unsubscribeUrl: string,
): { subject: string; html: string; text: string } {
  return {
    subject: rendered.subject,
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeMarkup(unsubscribeUrl)),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
