// Words the load scripts search podcasts for (bench-storm.mjs, drill-load.mjs): words the seeded
// shows and episodes hold, so a search finds something and costs what a real one does.
export const SEARCH_WORDS = [
  "jazz",
  "night",
  "live",
  "soul",
  "studio",
  "club",
  "house",
  "vinyl",
  "beat",
  "tour",
  "folk",
  "radio",
];
