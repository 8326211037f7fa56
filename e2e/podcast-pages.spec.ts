import type { Page } from "@playwright/test";
import {
  copiedText,
  DESKTOP_ONLY,
  expect,
  expectAccessible,
  recordClipboard,
  renderInBrowser,
  test,
} from "./fixtures";
import { serveTone } from "./serve-tone";

/** Where the page's audio element is, and whether it plays. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector("audio");
    return { currentTime: element?.currentTime ?? 0, paused: element?.paused ?? true };
  });

test.describe("show and episode pages", () => {
  test("a podcast card leads to its show: who makes it, how to subscribe, its episodes newest first", async ({
    page,
    visit,
  }) => {
    await visit("/podcasts");
    // Its card's 'Listen' goes to the show's page here, where every episode plays.
    await expect(
      page.getByRole("link", { name: "Listen to The Green Room Sessions", exact: true }).first(),
    ).toHaveAttribute("href", "/podcasts/green-room-sessions");
    await page
      .getByRole("tabpanel")
      .getByRole("link", { name: "The Green Room Sessions", exact: true })
      .click();
    await expect(page).toHaveURL("/podcasts/green-room-sessions");
    await expect(page.getByRole("heading", { level: 1, name: "The Green Room Sessions" })).toBeVisible();
    await expect(page.getByText("Hosted by Maya Castellanos")).toBeVisible();
    await expect(page).toHaveTitle("The Green Room Sessions · Waveform Music Club");

    const subscribe = page.getByRole("region", { name: "Subscribe" });
    const feed = new URL("/podcasts/green-room-sessions/feed.xml", page.url()).href;
    await expect(subscribe).toContainText(feed);
    await expect(subscribe.getByRole("link", { name: "Open in your podcast app" })).toHaveAttribute(
      "href",
      feed.replace(/^https?:\/\//, "podcast://"),
    );
    await expect(subscribe.getByRole("link", { name: "Overcast" })).toHaveAttribute(
      "href",
      `overcast://x-callback-url/add?url=${encodeURIComponent(feed)}`,
    );
    // A club show is on no platform: no 'Listen on' that searches for its title.
    await expect(subscribe.getByRole("link", { name: /Listen on/ })).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      feed,
    );

    const episodes = page.getByRole("region", { name: "Episodes" }).getByRole("listitem");
    await expect(episodes).toHaveCount(9);
    await expect(episodes.first()).toContainText("Lena Marsh on Life as a Touring Cellist");
    await expect(page.getByRole("button", { name: "Load More Episodes" })).toHaveCount(0);
  });

  test("Copy RSS feed copies the feed address", async ({ page, context, isPhone }) => {
    test.skip(isPhone, "the same control at every width");
    await context.grantPermissions(["clipboard-write"]);
    await recordClipboard(page);
    await page.goto("/podcasts/cue-sheet");
    await page.getByRole("button", { name: "Copy RSS feed" }).click();
    await expect(page.getByText("Feed address copied")).toBeVisible();
    const copied = await copiedText(page);
    expect(copied).toBe(new URL("/podcasts/cue-sheet/feed.xml", page.url()).href);
  });

  test("an episode page shows its notes and walks to the episodes either side", async ({ page, visit }) => {
    await visit("/podcasts/green-room-sessions");
    await page.getByRole("link", { name: "Tomás Ferreira: Drumming for the Song" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Tomás Ferreira: Drumming for the Song" }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Show notes" })).toContainText("Al Jackson Jr.");
    await expectAccessible(page);
    const more = page.getByRole("navigation", { name: "More episodes" });
    await more.getByRole("link", { name: /Next episode/ }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Lena Marsh on Life as a Touring Cellist" }),
    ).toBeVisible();
    await expect(more.getByRole("link", { name: /Next episode/ })).toHaveCount(0);
    // A link in the feed's show notes stays a link, to the same https address.
    await expect(
      page
        .getByRole("region", { name: "Show notes" })
        .getByRole("link", { name: /Arthur Russell on Wikipedia/ }),
    ).toHaveAttribute("href", "https://en.wikipedia.org/wiki/Arthur_Russell_(musician)");
    await page.getByRole("button", { name: "Play Lena Marsh on Life as a Touring Cellist" }).click();
    await expect(page.getByRole("region", { name: "Audio player" })).toContainText(
      "Lena Marsh on Life as a Touring Cellist",
    );
    await page.getByRole("link", { name: "← The Green Room Sessions" }).click();
    await expect(page).toHaveURL("/podcasts/green-room-sessions");
  });

  test("an episode's chapters and transcript: a chapter plays from its start, the spoken cue is marked, ?t= starts there", async ({
    page,
    visit,
    request,
    isPhone,
  }) => {
    await page.route("**/*.mp3", serveTone);
    const answer = await request.get("/api/podcasts/shows/green-room-sessions");
    const { episodes } = (await answer.json()) as { episodes: { id: number; title: string }[] };
    const newest = episodes[0];
    if (!newest) throw new Error("the seed show has no episodes");
    await visit(`/podcasts/green-room-sessions/${newest.id}`);

    const chapters = page.getByRole("region", { name: "Chapters" });
    await expect(chapters.getByRole("button")).toHaveCount(4);
    await expect(chapters.getByRole("button").first()).toHaveText("0:00 Intro");
    const transcript = page.getByRole("region", { name: "Transcript" });
    await expect(transcript).toContainText("Episode 149: Lena Marsh on Life as a Touring Cellist.");
    await expectAccessible(page);

    // 'About this episode' starts at 11.145 s (ep149-63da3bd1ef.chapters.json).
    await chapters.getByRole("button", { name: "0:11 About this episode" }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(11.1);
    await expect(page.getByRole("region", { name: "Audio player" })).toContainText(newest.title);
    const spoken = transcript.locator('[aria-current="true"]');
    await expect(spoken).toHaveCount(1);
    await expect(spoken).toContainText("0:11");
    await expect(page.getByRole("button", { name: /^Share from 0:1\d$/ })).toBeVisible();
    await expectAccessible(page);

    // A cue plays from its start too.
    await transcript.getByRole("button", { name: /^0:03 Episode 149/ }).click();
    await expect(spoken).toContainText("Episode 149");
    await page.getByRole("button", { name: `Pause ${newest.title}` }).click();

    // At phone width the taps above are what differs (the mini-player must not cover a chapter or
    // a cue); how ?t= starts the player is the same at every width.
    if (isPhone) return;

    // A shared address starts there: ?t=0:10 (the player forgets nothing else).
    await visit(`/podcasts/green-room-sessions/${newest.id}?t=0:10`);
    await expect(page.getByText("Plays from 0:10")).toBeVisible();
    await page.getByRole("button", { name: `Play ${newest.title}` }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    const started = (await audioState(page)).currentTime;
    expect(started).toBeGreaterThanOrEqual(10);
    expect(started).toBeLessThan(20);
  });

  test("'Load More Episodes' asks for the next twenty", async ({ page, isPhone }) => {
    test.skip(isPhone, "the same list at every width");
    await renderInBrowser(page);
    const episode = (id: number) => ({
      id,
      podcastId: 1,
      podcastSlug: "long-show",
      podcastTitle: "Long Show",
      title: `Episode ${id}`,
      description: "",
      imageUrl: "/art/podcast/long-show.svg",
      date: "2026-01-01",
      duration: 60,
      audioUrl: null,
      chaptersUrl: null,
    });
    const show = {
      id: 1,
      slug: "long-show",
      title: "Long Show",
      host: "A Host",
      hostImage: "/art/artist/a-host.svg",
      imageUrl: "/art/podcast/long-show.svg",
      description: "A show with many episodes.",
      categories: [],
      episodeCount: 25,
      platform: "Spotify",
      publishFrequency: "Weekly",
      rating: 4,
      subscribe: {
        feedUrl: "https://feeds.podcasts.test/long-show.xml",
        ownFeed: false,
        websiteUrl: "https://long-show.test/",
        platformUrl: "https://open.spotify.com/search/Long%20Show/podcasts",
      },
    };
    await page.route("**/api/podcasts/shows/long-show*", (route) => {
      const offset = Number(new URL(route.request().url()).searchParams.get("offset") ?? 0);
      const ids = Array.from({ length: offset === 0 ? 20 : 5 }, (_, i) => 100 - offset - i);
      return route.fulfill({
        json: { show, episodes: ids.map(episode), nextOffset: offset === 0 ? 20 : null },
      });
    });
    await page.goto("/podcasts/long-show");
    const episodes = page.getByRole("region", { name: "Episodes" }).getByRole("listitem");
    await expect(episodes).toHaveCount(20);
    const subscribe = page.getByRole("region", { name: "Subscribe" });
    await expect(subscribe.getByRole("link", { name: /Show website/ })).toHaveAttribute(
      "href",
      "https://long-show.test/",
    );
    await expect(subscribe.getByRole("link", { name: "Overcast" })).toHaveCount(0);
    await page.getByRole("button", { name: "Load More Episodes" }).click();
    await expect(episodes).toHaveCount(25);
    await expect(episodes.last()).toContainText("Episode 76");
    await expect(page.getByRole("button", { name: "Load More Episodes" })).toHaveCount(0);
  });

  for (const path of ["/podcasts/no-such-show", "/podcasts/green-room-sessions/999999"]) {
    test(`${path} is the 404 page with a 404 status`, async ({ page, isPhone }) => {
      test.skip(isPhone, "the status does not depend on the width");
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    });
  }

  test.describe("with JavaScript disabled", () => {
    test.use({ javaScriptEnabled: false });

    // The markup is the same at every width: desktop only.
    test(
      "the show and episode pages arrive whole, with their titles",
      DESKTOP_ONLY,
      async ({ page, request }) => {
        const answer = await request.get("/api/podcasts/shows/green-room-sessions");
        const { episodes } = (await answer.json()) as { episodes: { id: number; title: string }[] };
        const newest = episodes[0];
        if (!newest) throw new Error("the seed show has no episodes");

        await page.goto("/podcasts/green-room-sessions");
        await expect(page.getByRole("heading", { level: 1, name: "The Green Room Sessions" })).toBeVisible();
        await expect(page.getByRole("region", { name: "Episodes" })).toContainText(newest.title);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
          "content",
          "The Green Room Sessions",
        );

        await page.goto(`/podcasts/green-room-sessions/${newest.id}`);
        await expect(page.getByRole("heading", { level: 1, name: newest.title })).toBeVisible();
        await expect(page.getByRole("region", { name: "Show notes" })).toBeVisible();
        // The transcript is text in the page, readable without JavaScript.
        await expect(page.getByRole("region", { name: "Transcript" })).toContainText(
          "Thanks for listening to The Green Room Sessions, from Waveform Music Club.",
        );
        await expect(page).toHaveTitle(`${newest.title} · The Green Room Sessions · Waveform Music Club`);
      },
    );
  });
});
