import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Payloads real Mastodon servers sent or served, kept in test/fixtures/mastodon/ with only their
 * host names changed to placeholders (the recordings had already been rewritten to example hosts
 * by whoever recorded them; the bytes are otherwise theirs):
 *
 * - actor.json: the actor document mastodon.social (Mastodon 4.x) served for @Gargron on
 *   2024-04-11, as published in a collection of "Actor sample files" (actor documents as common
 *   fediverse servers produce them); mastodon.social became remote.example.
 * - follow.json, create-note.json, update-note.json, delete-note.json, undo-follow.json: what a
 *   Mastodon 4.3.22 server posted to an inbox on 2026-08-11 (a Follow; a public-unlisted Note
 *   mentioning the followed account, with its h-card mention markup, `contentMap`, the
 *   `replies`/`likes`/`shares` collections and a Linked Data signature; its edit as an Update;
 *   its Delete with a Tombstone; an Undo of a Follow), from a PHP ActivityPub server's test
 *   corpus of recorded requests. Its receiving account `https://local.example/club/test`
 *   stands for ours.
 *
 * The placeholders are replaced here by the test's own addresses: `https://remote.example` is the
 * fan server, `https://local.example/club/test` the club account the payload is addressed to.
 * The Linked Data signatures stay as recorded: after the host change they no longer verify, as
 * on any server that receives a payload whose signature it cannot check, and the HTTP signature
 * (made by the test with the actor's key) is what authenticates the delivery.
 */
const DIR = join(import.meta.dirname, "..", "fixtures", "mastodon");

export type Recording = "actor" | "follow" | "create-note" | "update-note" | "delete-note" | "undo-follow";
// biome-ignore lint/suspicious/noExplicitAny: recorded JSON is read and reshaped freely by the tests
export type Json = Record<string, any>;

export interface RecordingHosts {
  /** The fan server's origin, where the recorded actor lives (`http://127.0.0.1:<port>`). */
  remote: string;
  /** The club account the recording is addressed to (an actor address). */
  account: string;
  /** That account's `@handle@host`. */
  handle: string;
}

/** The recorded actor's name on its server, after the rename from Gargron (see actor.json). */
export const RECORDED_ACTOR = "alice";

export function recording(name: Recording, hosts: RecordingHosts): Json {
  const text = readFileSync(join(DIR, `${name}.json`), "utf8")
    .replaceAll("https://local.example/club/test", hosts.account)
    .replaceAll("@test@local.example", hosts.handle)
    // The recorded server's media host: its files, served (never fetched here) beside it.
    .replaceAll("https://files.remote.example", `${hosts.remote}/files`)
    .replaceAll("https://remote.example", hosts.remote)
    .replaceAll("remote.example", new URL(hosts.remote).host);
  return JSON.parse(text) as Json;
}

/**
 * The recorded actor document, served by the fan server at `/users/alice` with the test's public
 * key in place of the recorded one (whose private half only mastodon.social has). The recorded
 * 4.3 payloads come from `alice`: the actor recording's `Gargron` is renamed to match.
 */
export function recordedActor(remote: string, publicKeyPem: string): Json {
  const actor = JSON.parse(
    JSON.stringify(recording("actor", { remote, account: "", handle: "" }))
      .replaceAll("/users/Gargron", `/users/${RECORDED_ACTOR}`)
      .replaceAll("/@Gargron", `/@${RECORDED_ACTOR}`)
      .replaceAll('"Gargron"', `"${RECORDED_ACTOR}"`),
  ) as Json;
  actor.publicKey.publicKeyPem = publicKeyPem;
  return actor;
}

/**
 * The recorded Note made a reply to one of the club's posts, as Mastodon 4 sends a reply: its
 * `inReplyTo` (and `inReplyToAtomUri`) name the post, and its text gains what replies carry that
 * the recording lacked, in Mastodon's own markup: a link (Mastodon hides the scheme and the tail
 * in `<span class="invisible">`) and a custom emoji (`:shortcode:` in the text, an `Emoji` tag
 * with its image). These additions are the test's, marked as such; the rest is the recording.
 */
export function asReplyTo(create: Json, postUri: string, remote: string): Json {
  const reply = structuredClone(create);
  const link =
    '<a href="https://example.org/vinyl-night" target="_blank" rel="nofollow noopener" translate="no"><span class="invisible">https://</span><span class="">example.org/vinyl-night</span><span class="invisible"></span></a>';
  const html = String(reply.object.content).replace(
    /<\/p>$/,
    ` Loved this episode :blobcat: see you at ${link}</p>`,
  );
  reply.object.inReplyTo = postUri;
  reply.object.inReplyToAtomUri = postUri;
  reply.object.content = html;
  reply.object.contentMap = { zh: html };
  reply.object.tag.push({
    id: `${remote}/emojis/42`,
    type: "Emoji",
    name: ":blobcat:",
    updated: "2026-08-11T02:00:00Z",
    icon: { type: "Image", mediaType: "image/png", url: `${remote}/system/custom_emojis/blobcat.png` },
  });
  reply["@context"][1].Emoji = "toot:Emoji";
  return reply;
}
