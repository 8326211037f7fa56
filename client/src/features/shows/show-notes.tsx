import type { ShowNoteParagraph } from "@waveform/contracts/podcast-pages";

/** An episode's show notes: the feed's paragraphs as text, its https links as plain anchors. */
export function ShowNotes({ paragraphs }: { paragraphs: ShowNoteParagraph[] }) {
  if (paragraphs.length === 0)
    return <p className="text-muted-foreground">No show notes for this episode.</p>;
  return (
    <div className="max-w-prose space-y-3 leading-relaxed">
      {paragraphs.map((runs, index) => (
        // Paragraphs have no identity of their own; their order is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>
          {runs.map((run, at) =>
            "url" in run ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: runs are fixed text in a fixed order
              <a
                key={at}
                href={run.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-primary underline underline-offset-2"
              >
                {run.text}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: runs are fixed text in a fixed order
              <span key={at}>{run.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
