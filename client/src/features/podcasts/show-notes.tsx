import type { ShowNoteParagraph } from "@waveform/contracts/podcast-pages";

function ShowNoteRun({ run }: { run: ShowNoteParagraph[number] }) {
  if (!("url" in run)) return run.text;
  return (
    <a
      href={run.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-primary underline underline-offset-2"
    >
      {run.text}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** An episode's show notes: the feed's paragraphs as text, its https links as plain anchors. */
export function ShowNotes({ paragraphs }: { paragraphs: ShowNoteParagraph[] }) {
  if (paragraphs.length === 0)
    return <p className="text-muted-foreground">No show notes for this episode.</p>;
  // Paragraphs and runs have no identity but their place: fixed text in a fixed order.
  return (
    <div className="max-w-prose space-y-3 leading-relaxed">
      {paragraphs.map((runs, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>
          {runs.map((run, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <ShowNoteRun key={at} run={run} />
          ))}
        </p>
      ))}
    </div>
  );
}
