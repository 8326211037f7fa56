import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FediverseComment } from "@waveform/contracts/fediverse-console";
import { Button } from "../../components/ui/button";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import { CommentBody } from "./comment-body";
import { ConfirmAction } from "./confirm-action";
import {
  addBlock,
  FEDIVERSE_KEY,
  fediverseCommentsQuery,
  moderateComment,
} from "./console-fediverse.queries";

const KIND = { episode: "episode", issue: "newsletter issue", playlist: "playlist" } as const;

/**
 * Replies to the club's posts waiting for a decision, newest first: who wrote it (handle, name,
 * instance), when, what it replies to, its text; approve (it shows under that page), hide, or block
 * its author or their whole instance (asked once: their follows end and their comments are hidden).
 */
export function ModerationQueue({ onResult }: { onResult: (message: string) => void }) {
  const queue = useQuery(fediverseCommentsQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FEDIVERSE_KEY });
  const deciding = useMutation({
    mutationFn: ({ comment, state }: { comment: FediverseComment; state: "approved" | "hidden" }) =>
      moderateComment(comment.id, state),
    onSuccess: async ({ comment }) => {
      onResult(
        comment.state === "approved"
          ? `${comment.handle}'s comment now shows under "${comment.post.title}".`
          : `${comment.handle}'s comment is hidden.`,
      );
      await refresh();
    },
    onError: (error) => onResult(`The comment was not moderated: ${readableError(error)}`),
  });
  const block = async (kind: "account" | "instance", comment: FediverseComment) => {
    const answer = await addBlock({ kind, value: kind === "account" ? comment.actorId : comment.instance });
    onResult(
      `${kind === "account" ? comment.handle : comment.instance} is blocked: ${answer.followersRemoved} follow(s) removed, ${answer.commentsHidden} comment(s) hidden.`,
    );
    await refresh();
  };

  if (queue.isPending) return <p className="text-muted-foreground">Loading the queue…</p>;
  if (queue.isError)
    return (
      <p role="alert" className="text-destructive dark:text-red-400">
        The queue could not be loaded: {readableError(queue.error)}
      </p>
    );
  if (queue.data.comments.length === 0)
    return <p className="text-muted-foreground">No replies wait for moderation.</p>;
  return (
    <ul className="space-y-4">
      {queue.data.comments.map((comment) => (
        <li key={comment.id}>
          <article aria-label={`Reply from ${comment.handle}`} className="space-y-3 rounded-lg border p-4">
            <header className="space-y-1 text-sm">
              <p>
                <a
                  href={comment.profileUrl ?? comment.actorId}
                  rel="nofollow ugc noopener noreferrer"
                  className="break-all font-semibold underline underline-offset-4"
                >
                  {comment.name || comment.handle}
                </a>{" "}
                <span className="break-all text-muted-foreground">{comment.handle}</span>
              </p>
              <p className="text-muted-foreground">
                {consoleTime(comment.publishedAt)} · from {comment.instance} · replying to the{" "}
                {KIND[comment.post.kind]}{" "}
                <a href={comment.post.path} className="underline underline-offset-4">
                  {comment.post.title}
                </a>
              </p>
            </header>
            <CommentBody body={comment.body} />
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={deciding.isPending}
                aria-label={`Approve the reply from ${comment.handle}`}
                onClick={() => deciding.mutate({ comment, state: "approved" })}
              >
                Approve
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={deciding.isPending}
                aria-label={`Hide the reply from ${comment.handle}`}
                onClick={() => deciding.mutate({ comment, state: "hidden" })}
              >
                Hide
              </Button>
              <ConfirmAction
                trigger="Block account"
                triggerLabel={`Block account ${comment.handle}`}
                title={`Block ${comment.handle}?`}
                description="The club's accounts will send this account nothing and hear nothing from it. Its comments are hidden and its follows end; you can lift the block later."
                confirm="Block account"
                busyLabel="Blocking…"
                act={() => block("account", comment)}
              />
              <ConfirmAction
                trigger="Block instance"
                triggerLabel={`Block instance ${comment.instance}`}
                title={`Block ${comment.instance}?`}
                description={`Every account on ${comment.instance}: the club sends them nothing and hears nothing from them. Their comments are hidden and their follows end; you can lift the block later.`}
                confirm="Block instance"
                busyLabel="Blocking…"
                act={() => block("instance", comment)}
              />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
