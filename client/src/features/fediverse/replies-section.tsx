import type { FediversePost, FediverseReply } from "@waveform/contracts/fediverse";
import { Heart, Repeat2 } from "lucide-react";
import { formatDate } from "../../lib/format";
import { CopyTextButton } from "./copy-text-button";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Links in replies are the repliers' own: not vouched for (ugc, nofollow), and given no opener. */
const REPLY_LINK_REL = "nofollow ugc noopener";

function ReplyRun({ run }: { run: FediverseReply["body"][number][number] }) {
  if (!("url" in run)) return run.text;
  return (
    <a href={run.url} rel={REPLY_LINK_REL} className="text-primary underline underline-offset-2">
      {run.text}
    </a>
  );
}

function ReplyBody({ body }: { body: FediverseReply["body"] }) {
  // Paragraphs and runs have no identity but their place: fixed text in a fixed order.
  return (
    <div className="space-y-2 leading-relaxed">
      {body.map((runs, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>
          {runs.map((run, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <ReplyRun key={at} run={run} />
          ))}
        </p>
      ))}
    </div>
  );
}

function Reply({ reply }: { reply: FediverseReply }) {
  const instance = reply.handle.split("@").at(-1) ?? "";
  return (
    <li className="rounded-xl border p-4">
      <article aria-label={`Reply from ${reply.name || reply.handle}`} className="space-y-2">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          {reply.name && <span className="font-semibold">{reply.name}</span>}
          {reply.profileUrl ? (
            <a href={reply.profileUrl} rel={REPLY_LINK_REL} className="text-muted-foreground hover:underline">
              {reply.handle}
            </a>
          ) : (
            <span className="text-muted-foreground">{reply.handle}</span>
          )}
          <time dateTime={reply.publishedAt} className="text-muted-foreground">
            {formatDate(reply.publishedAt)}
          </time>
        </p>
        <ReplyBody body={reply.body} />
        {reply.url && (
          <p className="text-sm">
            <a
              href={reply.url}
              rel={REPLY_LINK_REL}
              className="text-muted-foreground underline underline-offset-2"
            >
              View on {instance}
            </a>
          </p>
        )}
      </article>
    </li>
  );
}

/**
 * A posted page's replies from the fediverse (post-replies.tsx decides whether there is one): the
 * post's like and boost counts, how to reply, and the replies an operator approved.
 */
export function RepliesSection({ post, replies }: { post: FediversePost; replies: FediverseReply[] }) {
  return (
    <section aria-labelledby="fediverse-replies-heading" className="mt-12 space-y-4">
      <h2 id="fediverse-replies-heading" className="font-bold text-xl">
        Replies from the fediverse
      </h2>
      <p className="flex flex-wrap gap-4 text-muted-foreground text-sm">
        <span className="inline-flex items-center gap-1">
          <Heart className="size-4" aria-hidden="true" />
          {plural(post.likes, "like", "likes")}
        </span>
        <span className="inline-flex items-center gap-1">
          <Repeat2 className="size-4" aria-hidden="true" />
          {plural(post.boosts, "boost", "boosts")}
        </span>
      </p>
      <div className="space-y-2 text-sm">
        <p>Reply from your fediverse account: search for this post's address on your instance.</p>
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all rounded bg-muted px-2 py-1 font-mono">{post.url}</span>
          <CopyTextButton text={post.url} label="Copy the post's address" />
        </p>
        <p className="text-muted-foreground">Replies show here once the club has read them.</p>
      </div>
      {replies.length === 0 ? (
        <p className="text-muted-foreground">No replies yet.</p>
      ) : (
        <ol className="space-y-3">
          {replies.map((reply) => (
            <Reply key={reply.id} reply={reply} />
          ))}
        </ol>
      )}
    </section>
  );
}
