import { describe, expect, it } from "vitest";
import { mastodonStatusProblems } from "./mastodon-status-check";

const ACTOR = "https://club.example/ap/actors/show-night-drive";

/** A Create as the club sends an episode: what Mastodon shows. */
function episodeCreate(): Record<string, unknown> & { object: Record<string, unknown> } {
  return {
    type: "Create",
    id: "https://club.example/ap/notes/7#create",
    actor: ACTOR,
    object: {
      type: "Note",
      id: "https://club.example/ap/notes/7",
      attributedTo: ACTOR,
      to: "as:Public",
      cc: `${ACTOR}/followers`,
      published: "2026-05-01T08:00:00Z",
      url: "https://club.example/podcasts/night-drive/7",
      content: "<p><strong>Part Two</strong></p>",
      attachment: [
        {
          type: "Audio",
          url: "https://club.example/media/7.mp3",
          mediaType: "audio/mpeg",
          duration: "PT30M",
        },
        { type: "Image", url: "https://club.example/art/podcast/night-drive.png", mediaType: "image/png" },
      ],
    },
  };
}

describe("the check of what Mastodon shows as a status", () => {
  it("finds nothing wrong with a well-formed episode post", () => {
    expect(mastodonStatusProblems(episodeCreate())).toEqual([]);
  });

  it.each([
    ["no url", (o: Record<string, unknown>) => delete o.url, "the object has no `url` to open"],
    [
      "no attributedTo",
      (o: Record<string, unknown>) => delete o.attributedTo,
      "the object has no attributedTo",
    ],
    [
      "someone else's post",
      (o: Record<string, unknown>) => (o.attributedTo = "https://club.example/ap/actors/club"),
      "the object is attributed to someone else than the actor",
    ],
    [
      "an id on another host",
      (o: Record<string, unknown>) => (o.id = "https://elsewhere.example/notes/7"),
      "the object's id is not on the host of the account that posts it",
    ],
    [
      "followers only",
      (o: Record<string, unknown>) => (o.to = `${ACTOR}/followers`),
      "`to` does not name the Public collection (the post would not be public)",
    ],
    [
      "no cc",
      (o: Record<string, unknown>) => delete o.cc,
      "`cc` is empty (the followers collection goes there)",
    ],
    ["no date", (o: Record<string, unknown>) => delete o.published, "the object has no `published` date"],
    ["no content", (o: Record<string, unknown>) => delete o.content, "the object has no `content`"],
    [
      "an Article without a title",
      (o: Record<string, unknown>) => (o.type = "Article"),
      "an Article needs a `name` (its title)",
    ],
    [
      "audio that is not audio",
      (o: Record<string, unknown>) =>
        (((o.attachment as Record<string, unknown>[])[0] as Record<string, unknown>).mediaType = "text/html"),
      "attachment 1 is an Audio whose mediaType is not audio/*",
    ],
    [
      "an attachment without its file",
      (o: Record<string, unknown>) =>
        delete ((o.attachment as Record<string, unknown>[])[1] as Record<string, unknown>).url,
      "attachment 2 has no url",
    ],
    [
      "five attachments",
      (o: Record<string, unknown>) => {
        const items = o.attachment as unknown[];
        o.attachment = [...items, ...items, items[0]];
      },
      "5 attachments: Mastodon keeps the first 4",
    ],
    [
      "a type Mastodon does not show",
      (o: Record<string, unknown>) => (o.type = "Tombstone"),
      "a Tombstone is not something Mastodon shows as a status",
    ],
  ])("says what is wrong with %s", (_name, spoil, problem) => {
    const create = episodeCreate();
    spoil(create.object);
    expect(mastodonStatusProblems(create)).toContain(problem);
  });

  it("accepts the Public collection as Mastodon spells it, and a url given as a Link", () => {
    for (const spelling of ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"]) {
      const create = episodeCreate();
      create.object.to = [spelling];
      create.object.url = {
        type: "Link",
        href: "https://club.example/podcasts/night-drive/7",
        mediaType: "text/html",
      };
      expect(mastodonStatusProblems(create)).toEqual([]);
    }
  });

  it("wants the object embedded in the Create", () => {
    expect(mastodonStatusProblems({ ...episodeCreate(), object: "https://club.example/ap/notes/7" })).toEqual(
      ["the object is not embedded in the Create"],
    );
  });
});
