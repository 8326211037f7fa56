import { toCsv } from "@waveform/contracts/csv";
import type { ChartEntry } from "./charts.data";

let thousands: Intl.NumberFormat | undefined;

/** Streams with US thousands separators (the formatter is built on first use: it loads ICU data). */
export const formatStreams = (streams: number) => {
  thousands ??= new Intl.NumberFormat("en-US");
  return thousands.format(streams);
};

/** A rank change: an up arrow and n, a down arrow and |n|, or a dash for no movement. */
export function formatChange(change: number): { symbol: "↑" | "↓" | "—"; text: string; label: string } {
  if (change > 0) return { symbol: "↑", text: `↑ ${change}`, label: `up ${change}` };
  if (change < 0) return { symbol: "↓", text: `↓ ${Math.abs(change)}`, label: `down ${Math.abs(change)}` };
  return { symbol: "—", text: "—", label: "no change" };
}

/** Popularity bar: streams as a percentage of the period's most-streamed entry. */
export function popularityPercent(entry: ChartEntry, entries: ChartEntry[]): number {
  const max = Math.max(...entries.map((item) => item.streams));
  return max > 0 ? Math.round((entry.streams / max) * 100) : 0;
}

/** The chart as CSV, one row per entry, with a header row. */
export function chartToCsv(entries: ChartEntry[]): string {
  const header = ["Rank", "Title", "Artist", "Genre", "Streams", "Change"];
  const rows = entries.map((entry) => [
    entry.rank,
    entry.title,
    entry.artist,
    entry.genre,
    entry.streams,
    entry.change,
  ]);
  return toCsv([header, ...rows]);
}
