import type { Plugin, Rolldown } from "vite";

/** The stylesheet links Vite writes into index.html for the entry's CSS. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

/**
 * index.html's stylesheet links replaced by the stylesheets themselves, in a `<style>` element
 * where the link was. A linked stylesheet blocks the first paint for a request of its own: on a
 * phone network (150 ms round trips) that is 0.6-0.7 s before anything shows, for 13 KB that the
 * page's own answer carries in a fraction of that.
 *
 * The link stays too, `disabled`, which the browser never fetches: a lazy chunk lists the
 * stylesheet among what it needs, and Vite's loader looks for it among the page's stylesheet
 * links, adding (and fetching) one where there is none. The file stays in the build for the same
 * reason, and the service worker's list keeps it.
 */
export function inlineStylesheets(html: string, bundle: Rolldown.OutputBundle): string {
  let found = 0;
  const inlined = html.replace(STYLESHEET_LINK, (link, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") throw new Error(`inline-stylesheet: ${file} is not in the build`);
    const css = String(asset.source);
    // Nothing in CSS needs this sequence, and in a <style> element it would end the element.
    if (/<\/style/i.test(css)) throw new Error(`inline-stylesheet: ${file} contains </style`);
    found++;
    return `<style>${css}</style>${link.replace(/>$/, " disabled>")}`;
  });
  if (found === 0) throw new Error("inline-stylesheet: index.html links no stylesheet");
  return inlined;
}

/** The Vite plugin (browser build only): after Vite has written the links. */
export const inlineStylesheet: Plugin = {
  name: "waveform:inline-stylesheet",
  apply: "build",
  enforce: "post",
  transformIndexHtml: {
    order: "post",
    handler(html, context) {
      if (!context.bundle) throw new Error("inline-stylesheet: no bundle (not a build)");
      return inlineStylesheets(html, context.bundle);
    },
  },
};
