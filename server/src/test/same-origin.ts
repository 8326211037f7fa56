/**
 * What a browser sends with a write from one of the site's own pages: the security plugin
 * (plugins/security.ts) refuses a POST/PUT/PATCH/DELETE with neither `Origin` nor `Sec-Fetch-Site`,
 * and one from another site. `Sec-Fetch-Site` is used rather than `Origin` because it holds whatever
 * PUBLIC_URL or host a test's app has.
 */
export const SAME_ORIGIN: Readonly<Record<string, string>> = { "sec-fetch-site": "same-origin" };

/** `headers` as a browser on the site's own page sends them (given headers win, undefined ones are left out). */
export function fromSite(headers: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const given = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { ...SAME_ORIGIN, ...Object.fromEntries(given) };
}
