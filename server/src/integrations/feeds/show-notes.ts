import type { ShowNoteParagraph } from "@waveform/contracts/podcast-pages";
import { Parser } from "htmlparser2";
import { BLOCK_TAGS, MAX_DESCRIPTION_LENGTH, SKIPPED_TAGS } from "./html-text";

/** An https link's address, or null: show notes keep no other kind (no http, mailto, javascript…). */
function httpsHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

type Run = ShowNoteParagraph[number];

/** Collapses spaces inside a paragraph's runs, drops empty runs and trims its ends. */
function tidy(runs: Run[]): ShowNoteParagraph {
  const out: Run[] = [];
  for (const run of runs) {
    const text = run.text.replace(/[\s\u00a0]+/g, " ");
    const previous = out.at(-1);
    if ("url" in run) {
      if (text.trim()) out.push({ text: text.trim(), url: run.url });
    } else if (previous && !("url" in previous)) previous.text += text;
    else out.push({ text });
  }
  const first = out[0];
  if (first && !("url" in first)) first.text = first.text.trimStart();
  const last = out.at(-1);
  if (last && !("url" in last)) last.text = last.text.trimEnd();
  return out.filter((run) => run.text !== "");
}

/**
 * An episode's show notes from its feed HTML, as safe data: paragraphs of text runs and https
 * links, in order. Tags are dropped (scripts and styles with their content), entities decoded,
 * and a link keeps only its text and https address, so nothing from a feed is ever shown as
 * markup. At most MAX_DESCRIPTION_LENGTH characters of text are kept.
 */
export function htmlToShowNotes(html: string | null | undefined): ShowNoteParagraph[] {
  if (!html) return [];
  const paragraphs: Run[][] = [[]];
  let skipping = 0;
  let link: { url: string; text: string } | null = null;
  let length = 0;
  const current = () => paragraphs[paragraphs.length - 1] as Run[];
  const breakParagraph = () => {
    if (current().length > 0) paragraphs.push([]);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED_TAGS.has(name)) skipping++;
        else if (BLOCK_TAGS.has(name)) breakParagraph();
        else if (name === "a" && !link) {
          const url = httpsHref(attributes.href);
          if (url) link = { url, text: "" };
        }
        if (name === "li") current().push({ text: "• " });
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK_TAGS.has(name)) breakParagraph();
        else if (name === "a" && link) {
          current().push({ text: link.text, url: link.url });
          link = null;
        }
      },
      ontext(raw) {
        if (skipping > 0 || length >= MAX_DESCRIPTION_LENGTH) return;
        const text = raw
          // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
          .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
          .slice(0, MAX_DESCRIPTION_LENGTH - length);
        length += text.length;
        if (link) link.text += text;
        else current().push({ text });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return paragraphs.map(tidy).filter((paragraph) => paragraph.length > 0);
}
