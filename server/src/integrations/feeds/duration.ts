/**
 * Reads an episode length as feeds write it: plain seconds ("2712", "2712.4"), MM:SS ("45:12"),
 * H:MM:SS or HH:MM:SS ("1:02:33", "01:02:33"). Anything else (empty, negative, words) is unknown.
 */
export function parseDuration(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "number") return Number.isFinite(raw) && raw >= 0 ? Math.round(raw) : null;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text));
  const parts = /^(?:(\d+):)?(\d{1,3}):(\d{1,2})(?:\.\d+)?$/.exec(text);
  if (!parts) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = parts;
  if (Number(seconds) > 59 || (parts[1] !== undefined && Number(minutes) > 59)) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}
