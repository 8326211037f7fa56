import { useEffect, useState } from "react";
import type { Chapter } from "./chapters";
import { loadChapters } from "./up-next";

const NONE: Chapter[] = [];

/** The chapters of the episode in the player, fetched when one that has them is in it; none until then. */
export function useChapters(chaptersUrl: string | null | undefined): Chapter[] {
  const [loaded, setLoaded] = useState<{ url: string; chapters: Chapter[] } | null>(null);
  useEffect(() => {
    if (!chaptersUrl) return;
    let current = true;
    void loadChapters(chaptersUrl).then((chapters) => {
      if (current) setLoaded({ url: chaptersUrl, chapters });
    });
    return () => {
      current = false;
    };
  }, [chaptersUrl]);
  return chaptersUrl && loaded?.url === chaptersUrl ? loaded.chapters : NONE;
}
