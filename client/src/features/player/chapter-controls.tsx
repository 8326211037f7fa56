import { SkipBack, SkipForward } from "lucide-react";
import type { Chapter } from "./chapters";
import { nextChapterStart } from "./chapters";
import { iconButton } from "./icon-button";
import { nextChapterOrEpisode, previousChapterOrStart } from "./up-next";

/** Previous chapter (or this chapter's start) and next chapter, for an episode with chapters. */
export function ChapterControls({ chapters, position }: { chapters: readonly Chapter[]; position: number }) {
  return (
    <div className="flex items-center">
      <button
        type="button"
        className={iconButton}
        onClick={() => previousChapterOrStart(chapters)}
        aria-label="Previous chapter"
      >
        <SkipBack className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={iconButton}
        onClick={() => nextChapterOrEpisode(chapters)}
        disabled={nextChapterStart(chapters, position) === null}
        aria-label="Next chapter"
      >
        <SkipForward className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
