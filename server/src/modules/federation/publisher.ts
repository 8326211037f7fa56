import type { Context } from "@fedify/fedify";
import type { Database } from "../../db/client";
import { CLUB_IDENTIFIER } from "./accounts.repository";
import { clubAnnounce, createActivity, deleteActivity, updateActivity } from "./post-objects";
import type { PostRow, PostsRepository } from "./posts.repository";
import { currentSubjects, digestOf } from "./subjects";

export interface PublishSummary {
  created: number;
  updated: number;
  deleted: number;
  /** True on the first run: what existed was recorded as posted, and nothing was sent. */
  baseline: boolean;
}

const SEND_OPTIONS = { preferSharedInbox: true } as const;

/**
 * Sends a new post to its account's followers (a Create), and for a show's post the club's boost
 * of it to the club's followers (an Announce); then marks it sent. A server that dies between the
 * two sends it again on the next run with the same activity ids, which receivers deduplicate.
 */
async function announce(ctx: Context<unknown>, posts: PostsRepository, post: PostRow): Promise<void> {
  await ctx.sendActivity(
    { identifier: post.accountKey },
    "followers",
    createActivity(ctx, post),
    SEND_OPTIONS,
  );
  if (post.accountKey !== CLUB_IDENTIFIER) {
    await ctx.sendActivity(
      { identifier: CLUB_IDENTIFIER },
      "followers",
      clubAnnounce(ctx, post),
      SEND_OPTIONS,
    );
  }
  await posts.markAnnounced(post.id);
}

/**
 * Brings the accounts' posts in step with what the club has published: a new episode, sent issue
 * or published playlist becomes a post sent to the followers, an edited one an Update, a removed
 * one (an episode gone from its feed, a playlist unpublished) a Delete. Run by one server at a
 * time (the `federation-publish` job). The first run records what already exists without sending
 * it, so turning federation on never floods anyone with the back catalogue.
 */
export async function publishChanges(
  db: Database,
  ctx: Context<unknown>,
  posts: PostsRepository,
  publicUrl: string,
): Promise<PublishSummary> {
  const subjects = await currentSubjects(db, publicUrl);
  const existing = new Map(
    (await posts.all()).map((post) => [`${post.subjectKind}:${post.subjectId}`, post]),
  );
  const baseline = existing.size === 0;
  const summary: PublishSummary = { created: 0, updated: 0, deleted: 0, baseline };
  const seen = new Set<string>();
  for (const subject of subjects) {
    const key = `${subject.kind}:${subject.id}`;
    seen.add(key);
    const digest = digestOf(subject.content);
    const post = existing.get(key);
    if (!post) {
      const inserted = await posts.insert(subject, digest, baseline);
      if (inserted && !baseline) {
        await announce(ctx, posts, inserted);
        summary.created++;
      }
    } else if (post.digest !== digest || post.deletedAt) {
      const updated = await posts.update(post.id, subject.content, digest);
      if (updated?.announced) {
        await ctx.sendActivity(
          { identifier: updated.accountKey },
          "followers",
          updateActivity(ctx, updated),
          SEND_OPTIONS,
        );
        summary.updated++;
      } else if (updated) {
        await announce(ctx, posts, updated);
        summary.created++;
      }
    } else if (!post.announced) {
      await announce(ctx, posts, post);
      summary.created++;
    }
  }
  for (const [key, post] of existing) {
    if (seen.has(key) || post.deletedAt) continue;
    const deleted = await posts.markDeleted(post.id);
    if (deleted?.announced) {
      await ctx.sendActivity(
        { identifier: deleted.accountKey },
        "followers",
        deleteActivity(ctx, deleted),
        SEND_OPTIONS,
      );
      summary.deleted++;
    }
  }
  return summary;
}
