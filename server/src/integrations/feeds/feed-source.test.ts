import { describe, expect, it } from "vitest";
import { isLocalFeedSource, resolveFeedAddress } from "./feed-source";
import { parseFeed } from "./parse-feed";

const feedWith = (enclosure: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Show</title>
<item><guid>a</guid><title>A</title><enclosure url="${enclosure}" type="audio/mpeg" length="1"/></item>
</channel></rss>`;

describe("enclosure addresses and where a feed lives", () => {
  it("parses http(s) enclosures and site paths; refuses other schemes and protocol-relative ones", () => {
    const audio = (url: string) => parseFeed(feedWith(url)).episodes[0]?.audioUrl;
    expect(audio("https://cdn.test.invalid/a.mp3")).toBe("https://cdn.test.invalid/a.mp3");
    expect(audio("/media/podcasts/show/ep01-0123456789.mp3")).toBe(
      "/media/podcasts/show/ep01-0123456789.mp3",
    );
    expect(audio("//cdn.test.invalid/a.mp3")).toBeNull();
    expect(audio("javascript:alert(1)")).toBeNull();
    expect(audio("data:audio/mpeg;base64,AAAA")).toBeNull();
    expect(audio("a.mp3")).toBeNull();
  });

  it("keeps a site path for the club's own feeds (seed: and file:) and resolves it for a web feed", () => {
    const path = "/media/podcasts/show/ep01-0123456789.mp3";
    expect(isLocalFeedSource("seed:show.xml")).toBe(true);
    expect(isLocalFeedSource("file:///srv/show.xml")).toBe(true);
    expect(isLocalFeedSource("https://feeds.test.invalid/show.xml")).toBe(false);
    expect(resolveFeedAddress(path, "seed:show.xml")).toBe(path);
    expect(resolveFeedAddress(path, "file:///srv/show.xml")).toBe(path);
    expect(resolveFeedAddress(path, "https://feeds.test.invalid/shows/show.xml")).toBe(
      "https://feeds.test.invalid/media/podcasts/show/ep01-0123456789.mp3",
    );
    expect(resolveFeedAddress("https://cdn.test.invalid/a.mp3", "seed:show.xml")).toBe(
      "https://cdn.test.invalid/a.mp3",
    );
    expect(resolveFeedAddress(null, "seed:show.xml")).toBeNull();
  });
});
