import type { FediverseComment } from "@waveform/contracts/fediverse-console";

/**
 * A reply's text as it was kept: paragraphs of plain text and links, never the remote HTML. Links
 * are the author's, so they are marked as user content and open nothing with this page's rights.
 */
export function CommentBody({ body }: { body: FediverseComment["body"] }) {
  return (
    <div className="space-y-2 break-words">
      {body.map((paragraph, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are fixed once kept; their order is their identity
        <p key={at}>
          {paragraph.map((part, index) =>
            "url" in part ? (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                key={index}
                href={part.url}
                rel="nofollow ugc noopener noreferrer"
                className="underline underline-offset-4"
              >
                {part.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
