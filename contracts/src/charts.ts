/** The charts page's data, kept in code (no server call): ten entries per period. */
export const CHART_PERIODS = ["weekly", "monthly", "yearly"] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const CHART_PERIOD_LABELS: Record<ChartPeriod, string> = {
  weekly: "Weekly",
  monthly: "Monthly",
  yearly: "Yearly",
};

export interface ChartEntry {
  rank: number;
  title: string;
  artist: string;
  streams: number;
  /** Places moved since the last chart: positive is up. */
  change: number;
  genre: "Electronic" | "Hip Hop" | "Pop" | "Indie" | "Acoustic";
}

type Row = [title: string, artist: string, streams: number, change: number, genre: ChartEntry["genre"]];

const toEntries = (rows: Row[]): ChartEntry[] =>
  rows.map(([title, artist, streams, change, genre], index) => ({
    rank: index + 1,
    title,
    artist,
    streams,
    change,
    genre,
  }));

export const charts: Record<ChartPeriod, ChartEntry[]> = {
  weekly: toEntries([
    ["Tidal Memory", "Luna Vale", 2_845_120, 3, "Indie"],
    ["Signal Fire", "Kairo Blaze", 2_610_877, 0, "Hip Hop"],
    ["Paper Satellites", "Ines Moreau", 2_402_310, 5, "Electronic"],
    ["Heatwave Season", "Coral Club", 2_118_964, -2, "Pop"],
    ["Velvet Static", "Sienna Ray", 1_987_402, -1, "Pop"],
    ["Quiet Machines", "Oslo Drift", 1_764_550, 4, "Electronic"],
    ["Wildflower Radio", "June Calloway", 1_590_233, -3, "Acoustic"],
    ["Southside Psalms", "Dre Kalani", 1_433_018, 1, "Hip Hop"],
    ["Afterglow Theory", "Neon Parade", 1_296_745, -4, "Electronic"],
    ["Concrete Bloom", "The Midnight Owls", 1_154_091, 0, "Indie"],
  ]),
  monthly: toEntries([
    ["Signal Fire", "Kairo Blaze", 11_204_558, 2, "Hip Hop"],
    ["Tidal Memory", "Luna Vale", 10_876_301, 6, "Indie"],
    ["Heatwave Season", "Coral Club", 9_945_127, -2, "Pop"],
    ["Velvet Static", "Sienna Ray", 9_102_644, -1, "Pop"],
    ["Afterglow Theory", "Neon Parade", 8_337_902, 0, "Electronic"],
    ["Paper Satellites", "Ines Moreau", 7_840_215, 3, "Electronic"],
    ["Wildflower Radio", "June Calloway", 6_921_088, -3, "Acoustic"],
    ["Southside Psalms", "Dre Kalani", 6_455_370, 1, "Hip Hop"],
    ["Nocturnes for Now", "Elise Varga", 5_108_946, 2, "Acoustic"],
    ["Quiet Machines", "Oslo Drift", 4_876_112, -2, "Electronic"],
  ]),
  yearly: toEntries([
    ["Heatwave Season", "Coral Club", 98_441_520, 0, "Pop"],
    ["Velvet Static", "Sienna Ray", 91_205_338, 1, "Pop"],
    ["Southside Psalms", "Dre Kalani", 84_770_912, -1, "Hip Hop"],
    ["Afterglow Theory", "Neon Parade", 77_316_054, 2, "Electronic"],
    ["Wildflower Radio", "June Calloway", 70_992_481, 0, "Acoustic"],
    ["Signal Fire", "Kairo Blaze", 66_103_777, 4, "Hip Hop"],
    ["Concrete Bloom", "The Midnight Owls", 58_842_690, -2, "Indie"],
    ["Tidal Memory", "Luna Vale", 52_317_406, 3, "Indie"],
    ["Quiet Machines", "Oslo Drift", 47_660_125, -3, "Electronic"],
    ["Nocturnes for Now", "Elise Varga", 41_288_903, -1, "Acoustic"],
  ]),
};
