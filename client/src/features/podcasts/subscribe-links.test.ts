import { describe, expect, it } from "vitest";
import { absoluteFeedUrl, SUBSCRIBE_APPS } from "./subscribe-links";

const feed = "https://club.test/podcasts/loop-theory/feed.xml";
const hrefOf = (name: string) => SUBSCRIBE_APPS.find((app) => app.name === name)?.href(feed);

describe("subscribe links", () => {
  it("hands each app the feed in the form it documents", () => {
    expect(hrefOf("Podcast app")).toBe("podcast://club.test/podcasts/loop-theory/feed.xml");
    expect(hrefOf("Pocket Casts")).toBe("pktc://subscribe/club.test/podcasts/loop-theory/feed.xml");
    expect(hrefOf("Overcast")).toBe(
      "overcast://x-callback-url/add?url=https%3A%2F%2Fclub.test%2Fpodcasts%2Floop-theory%2Ffeed.xml",
    );
    expect(hrefOf("AntennaPod")).toBe(
      "https://antennapod.org/deeplink/subscribe?url=https%3A%2F%2Fclub.test%2Fpodcasts%2Floop-theory%2Ffeed.xml",
    );
  });

  it("makes a club feed's site path absolute and leaves another show's feed as it is", () => {
    expect(absoluteFeedUrl("/podcasts/loop-theory/feed.xml", "https://club.test")).toBe(feed);
    expect(absoluteFeedUrl("https://feeds.other.org/show.xml", "https://club.test")).toBe(
      "https://feeds.other.org/show.xml",
    );
  });
});
