/**
 * React renders a page's <title>, <meta> and <link> elements (hoistables) ahead of its markup when
 * it renders without a document; they belong in <head>. Returns them apart from the body markup.
 */
const HOISTABLE = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*\/?>|<link\s[^>]*\/?>)/;

export function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  const head: string[] = [];
  for (let match = HOISTABLE.exec(rest); match; match = HOISTABLE.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join(""), body: rest };
}
