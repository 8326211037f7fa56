/**
 * A stored time as the console shows it, in UTC and written out by hand (the same text on the
 * server and in the browser, and no Intl formatter to build): `2026-11-24 06:05 UTC`.
 */
export function consoleTime(iso: string | null, never = "Never"): string {
  if (!iso) return never;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
