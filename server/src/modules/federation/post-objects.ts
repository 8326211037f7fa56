import type { Context } from "@fedify/fedify";
import {
  Announce,
  Article,
  Audio,
  Create,
  Delete,
  Image,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Update,
} from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import { CLUB_IDENTIFIER } from "./accounts.repository";
import type { PostRow } from "./posts.repository";

/**
 * Fedify's types name the standard Temporal (not yet in Node.js); its runtime takes the polyfill's
 * objects, which it depends on too. These casts are the one place the two meet.
 */
type Instant = NonNullable<NonNullable<ConstructorParameters<typeof Note>[0]>["published"]>;
type Duration = NonNullable<NonNullable<ConstructorParameters<typeof Audio>[0]>["duration"]>;
const instant = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime()) as unknown as Instant;
const duration = (seconds: number) => Temporal.Duration.from({ seconds }) as unknown as Duration;

/** A post's own address: Notes and Articles each have their own route (Fedify dispatches by type). */
function postUri(ctx: Context<unknown>, post: Pick<PostRow, "id" | "object">): URL {
  return post.object.type === "Article"
    ? ctx.getObjectUri(Article, { id: String(post.id) })
    : ctx.getObjectUri(Note, { id: String(post.id) });
}

/**
 * The post as ActivityPub says it: public (`to` the Public collection, `cc` the account's
 * followers), attributed to its account, with its page as `url`, the episode's audio as an
 * `Audio` attachment (its duration) and images as `Image`s.
 */
export function postObject(ctx: Context<unknown>, post: PostRow): Note | Article {
  const content = post.object;
  const values = {
    id: postUri(ctx, post),
    attribution: ctx.getActorUri(post.accountKey),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.accountKey),
    published: instant(post.publishedAt),
    ...(post.updatedAt && { updated: instant(post.updatedAt) }),
    url: new URL(content.url),
    content: content.html,
    mediaType: "text/html",
    ...(content.summary && content.type === "Article" && { summary: content.summary }),
    attachments: content.attachments.map((attachment) =>
      attachment.type === "Audio"
        ? new Audio({
            url: new URL(attachment.url),
            mediaType: attachment.mediaType,
            name: attachment.name,
            ...(attachment.durationSeconds !== undefined && {
              duration: duration(attachment.durationSeconds),
            }),
          })
        : new Image({ url: new URL(attachment.url), mediaType: attachment.mediaType, name: attachment.name }),
    ),
    replies: null,
  };
  return content.type === "Article" ? new Article({ ...values, name: content.name }) : new Note(values);
}

const activityId = (ctx: Context<unknown>, post: PostRow, suffix: string) =>
  new URL(`${postUri(ctx, post).href}#${suffix}`);

/** The Create that first sends a post (its id fixed, so a repeated delivery is the same activity). */
export function createActivity(ctx: Context<unknown>, post: PostRow): Create {
  const object = postObject(ctx, post);
  return new Create({
    id: activityId(ctx, post, "create"),
    actor: ctx.getActorUri(post.accountKey),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.accountKey),
    published: instant(post.publishedAt),
    object,
  });
}

/** The club boosting a show's post to the club's own followers. */
export function clubAnnounce(ctx: Context<unknown>, post: PostRow): Announce {
  return new Announce({
    id: activityId(ctx, post, "announce"),
    actor: ctx.getActorUri(CLUB_IDENTIFIER),
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(CLUB_IDENTIFIER), ctx.getActorUri(post.accountKey)],
    published: instant(post.publishedAt),
    object: postUri(ctx, post),
  });
}

/** An edit: its id names the moment, so each edit is a new activity. */
export function updateActivity(ctx: Context<unknown>, post: PostRow): Update {
  const at = post.updatedAt ?? new Date();
  return new Update({
    id: activityId(ctx, post, `update-${at.getTime()}`),
    actor: ctx.getActorUri(post.accountKey),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.accountKey),
    updated: instant(at),
    object: postObject(ctx, post),
  });
}

/** A removal, and what the post's address answers from then on. */
function tombstone(ctx: Context<unknown>, post: PostRow): Tombstone {
  return new Tombstone({
    id: postUri(ctx, post),
    ...(post.deletedAt && { deleted: instant(post.deletedAt) }),
  });
}

export function deleteActivity(ctx: Context<unknown>, post: PostRow): Delete {
  return new Delete({
    id: activityId(ctx, post, "delete"),
    actor: ctx.getActorUri(post.accountKey),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.accountKey),
    object: tombstone(ctx, post),
  });
}
