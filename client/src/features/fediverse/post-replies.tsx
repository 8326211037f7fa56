import { useQuery } from "@tanstack/react-query";
import type { FediverseSubjectKind } from "@waveform/contracts/fediverse";
import { lazy, Suspense } from "react";
import { fediverseRepliesQuery } from "./fediverse.queries";

// Only a posted page shows replies: the section's code loads for one, not with every page that
// could have been posted (the server renders it in full either way).
const RepliesSection = lazy(() =>
  import("./replies-section").then((module) => ({ default: module.RepliesSection })),
);

/**
 * Replies from the fediverse under an episode, issue or playlist, once an operator approved them,
 * with the post's like and boost counts and how to reply. Nothing at all when the page was never
 * posted (the club is not on the fediverse, or this is not one of its posts): there is nothing to
 * reply to. A posted page with no replies yet says so, under the way to write the first.
 */
export function PostReplies({ kind, id }: { kind: FediverseSubjectKind; id: string }) {
  const { data } = useQuery(fediverseRepliesQuery(kind, id));
  if (!data?.post) return null;
  return (
    <Suspense fallback={null}>
      <RepliesSection post={data.post} replies={data.replies} />
    </Suspense>
  );
}
