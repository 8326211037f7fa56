/**
 * Finds links to places that do not exist in a page or an API answer: placeholder domains
 * (`*.example`, `example.com/.org/.net`, the reserved `.test`, `.invalid`, `.local` and `.localhost`
 * names), loopback addresses other than the site's own (`allowedOrigin`, the PUBLIC_URL the server
 * runs on), mail addresses at such domains, and anchors whose destination is nothing (`href="#"`,
 * `href=""`, `javascript:`).
 */
export function findPlaceholderLinks(page: string, allowedOrigin: string): string[] {
  // A form field's example text (placeholder="you@example.com") names a format, not a place to go.
  const text = page.replace(/\bplaceholder="[^"]*"/g, "");
  const found: string[] = [];
  for (const [url] of text.matchAll(/\b(?:https?|wss?|ftp):\/\/[^\s"'<>`\\)\]]+/gi)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      found.push(`unreadable address ${url}`);
      continue;
    }
    if (parsed.origin !== allowedOrigin && isPlaceholderHost(parsed.hostname)) found.push(url);
  }
  for (const [, src] of text.matchAll(/\b(?:href|src|action)="\/\/([^"/]+)/gi)) {
    if (src && isPlaceholderHost(src.split(":")[0] ?? "")) found.push(`//${src}`);
  }
  for (const [address, domain = ""] of text.matchAll(
    /[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/g,
  )) {
    if (isPlaceholderHost(domain)) found.push(`mail address ${address}`);
  }
  for (const [anchor] of text.matchAll(/<a\b[^>]*\bhref="(?:#|\s*|javascript:[^"]*)"[^>]*>/gi)) {
    found.push(`anchor going nowhere ${anchor}`);
  }
  return found;
}

const PLACEHOLDER_NAMES = ["example", "test", "invalid", "local", "localhost"];
const PLACEHOLDER_SITES = ["example.com", "example.org", "example.net"];

function isPlaceholderHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (PLACEHOLDER_NAMES.some((tld) => name === tld || name.endsWith(`.${tld}`))) return true;
  if (PLACEHOLDER_SITES.some((site) => name === site || name.endsWith(`.${site}`))) return true;
  return /^127\.\d+\.\d+\.\d+$/.test(name) || name === "::1" || name === "0.0.0.0";
}
