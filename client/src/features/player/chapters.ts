/** A chapter as the player uses it (the API's EpisodeChapter): its start in seconds and its title. */
export interface Chapter {
  startTime: number;
  title: string;
}

/** Within this many seconds of a chapter's start, "previous chapter" goes to the one before. */
const RESTART_WINDOW = 3;
/** A chapter starting within this of the position counts as reached (a seek lands a hair short). */
const EPSILON = 0.25;

/** Podcasting 2.0 JSON chapters: those with a start and a title, in order of start; nothing else. */
export function chaptersOf(json: unknown): Chapter[] {
  const list = (json as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (item): item is Chapter =>
        typeof item === "object" &&
        item !== null &&
        typeof item.startTime === "number" &&
        Number.isFinite(item.startTime) &&
        item.startTime >= 0 &&
        typeof item.title === "string" &&
        item.title.trim() !== "",
    )
    .map(({ startTime, title }) => ({ startTime, title }))
    .sort((a, b) => a.startTime - b.startTime);
}

/** The index of the chapter playing at `time` (chapters in order); -1 before the first one. */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  let index = -1;
  for (const [i, chapter] of chapters.entries()) {
    if (chapter.startTime <= time + EPSILON) index = i;
    else break;
  }
  return index;
}

/**
 * Where "previous chapter" goes from `time`: the start of the current chapter when more than
 * RESTART_WINDOW seconds into it, else the previous chapter's start; null when there is none.
 */
export function previousChapterStart(chapters: readonly Chapter[], time: number): number | null {
  const index = chapterIndexAt(chapters, time);
  const current = chapters[index];
  if (!current) return null;
  if (time - current.startTime > RESTART_WINDOW) return current.startTime;
  return chapters[index - 1]?.startTime ?? null;
}

/** The next chapter's start after `time`; null in the last chapter. */
export function nextChapterStart(chapters: readonly Chapter[], time: number): number | null {
  return chapters[chapterIndexAt(chapters, time) + 1]?.startTime ?? null;
}

const loaded = new Map<string, Promise<Chapter[]>>();
/**
 * Chapter files kept per visit: the club's names carry a hash (one never changes); a web show's
 * stored chapters change only when its feed links a new file, read hourly at most.
 */
const KEPT = 20;

/** An episode's chapters from its JSON chapters on this site, fetched once a visit; none when they cannot be read. */
export function loadChapters(url: string, load: typeof fetch = fetch): Promise<Chapter[]> {
  const hit = loaded.get(url);
  if (hit) return hit;
  const reading = load(url, { headers: { accept: "application/json+chapters, application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then(chaptersOf)
    .catch(() => {
      // A failed read is tried again next time the episode plays.
      loaded.delete(url);
      return [];
    });
  if (loaded.size >= KEPT) {
    const oldest = loaded.keys().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
  loaded.set(url, reading);
  return reading;
}
