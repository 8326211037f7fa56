import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "./providers";
import { AppRoutes, preloadMatchedScreens } from "./router";

// Every catalogue answer here has only the fields a screen requires of its entity, none of the ones
// the product adds (a playlist's `featured`, a genre's `slug`, an album's `spotifyUri`, a podcast's
// `slug` and `isFeatured`, an episode's `podcastId`/`podcastSlug`/`podcastTitle`/`audioUrl`, an
// advertisement's `id`). Where a field once had two names the answer uses ours (a playlist's
// `imageUrl`, not `coverImage`; an album's `artist`).

const playlist = (id: number, title: string, genre: string) => ({
  id,
  title,
  description: `${title}, the description`,
  imageUrl: `/images/playlists/${id}.jpg`,
  genre,
  platform: "Spotify",
  curator: "Mara Lind",
  trackCount: 12,
  externalUrl: `https://open.spotify.com/playlist/${id}`,
  platformId: null,
  publishedDate: "2025-01-10",
  updatedAt: "2025-02-01",
  isNew: true,
});
const playlists = [playlist(1, "Night Drive", "Electronic"), playlist(2, "Porch Songs", "Country")];

const albums = [
  {
    id: 7,
    title: "Glass Harbour",
    artist: "Nadia Reyes",
    imageUrl: "/images/albums/7.jpg",
    releaseDate: "2025-03-01",
    trackCount: 10,
    platform: "Spotify",
    externalUrl: "https://open.spotify.com/album/7",
    isNew: true,
  },
];

const genres = [
  {
    id: 3,
    name: "Electronic",
    description: "Synths and drum machines.",
    imageUrl: "/images/genres/3.jpg",
    playlistCount: 2,
    colorUI: 1,
    artistCount: 40,
    popularity: 8,
  },
  {
    id: 4,
    name: "Country",
    description: "Stories with a steel guitar.",
    imageUrl: "/images/genres/4.jpg",
    playlistCount: 1,
    colorUI: 2,
    artistCount: null,
    popularity: null,
  },
];
const subgenres = [{ id: 30, name: "Deep House", popularity: 7 }];
const artists = [
  {
    id: 31,
    name: "Kai Ostrander",
    imageUrl: "/images/artists/31.jpg",
    platform: "Spotify",
    genres: ["Electronic"],
  },
];

const latestEpisode = {
  id: 90,
  title: "Sampling the Seventies",
  description: "Where the breaks came from.",
  duration: 2400,
  publishDate: "2025-03-02",
  audioUrl: "https://media.example.com/90.mp3",
};
const podcasts = [
  {
    id: 11,
    title: "Crate Diggers",
    host: "Lena Ford",
    hostImage: "/images/hosts/11.jpg",
    imageUrl: "/images/podcasts/11.jpg",
    description: "Records nobody else kept.",
    categories: ["Music History"],
    episodeCount: 40,
    latestEpisode,
    platform: "Spotify",
    publishFrequency: "Weekly",
    rating: 4.6,
    externalUrl: "https://open.spotify.com/show/11",
    isNew: true,
    isTrending: true,
  },
  {
    id: 12,
    title: "Studio Notes",
    host: "Omar Reyes",
    hostImage: "/images/hosts/12.jpg",
    imageUrl: "/images/podcasts/12.jpg",
    description: "How the sound was made.",
    categories: ["Music Production"],
    episodeCount: 12,
    latestEpisode: null,
    platform: "Apple Podcasts",
    publishFrequency: "Monthly",
    rating: 4.2,
    externalUrl: null,
    isNew: false,
    isTrending: false,
  },
];
/** The subset Podcast Discovery reads, and nothing else. */
const discoveryPodcasts = podcasts.map(
  ({ id, title, host, description, imageUrl, latestEpisode, platform, externalUrl }) => ({
    id,
    title,
    host,
    description,
    imageUrl,
    latestEpisode,
    platform,
    externalUrl,
  }),
);
const categories = [
  { id: 21, name: "Music History", imageUrl: "/images/categories/21.jpg", podcastCount: 1 },
];

const episode = (id: number, title: string) => ({
  id,
  title,
  description: `${title}, the episode`,
  imageUrl: `/images/episodes/${id}.jpg`,
  date: "2025-03-01",
  duration: 1800,
});
const featuredEpisode = {
  ...episode(80, "The Loudness War"),
  hostName: "Lena Ford",
  hostImage: "/images/hosts/11.jpg",
};
const recentEpisodes = [episode(81, "Tape Loops"), episode(82, "Drum Machines at Forty")];

const advertisement = {
  title: "Vinyl Week",
  description: "Every record 20% off.",
  ctaText: "Shop vinyl",
  ctaUrl: "https://shop.example.com/vinyl",
  imageUrl: "/images/ads/vinyl.jpg",
};

const tracks = [
  { position: 1, title: "Headlights", artist: "Kai Ostrander", durationSeconds: 200, spotifyUri: null },
];

/** The answer to each GET the pages make, by path; `real` is what /api/real-podcasts answers. */
function answerFor(path: string, real: unknown[]): unknown {
  if (path.startsWith("/api/images/")) return { url: "/images/site.jpg" };
  const fixed: Record<string, unknown> = {
    "/api/advertisements/current": advertisement,
    "/api/playlists": { playlists },
    "/api/playlists/featured": playlists,
    "/api/music/featured-playlists": { playlists },
    "/api/music/new-releases": { albums },
    "/api/music/test-connection": { success: false },
    "/api/spotify/check-auth": { authenticated: false },
    "/api/genres": { genres },
    "/api/podcasts": { featuredEpisode, recentEpisodes, podcasts },
    "/api/podcasts/categories": { categories },
    "/api/real-podcasts": { podcasts: real },
    "/api/real-podcasts/featured": { podcasts: real.slice(0, 1) },
    // Not a catalogue entity: the club's own visitor counts, empty while too few visitors (hidden).
    "/api/insights/trending": { items: [] },
    // Not catalogue entities: the club off the fediverse (no account, nothing posted).
    "/api/fediverse/account": { account: null },
    "/api/fediverse/replies": { post: null, replies: [] },
  };
  if (path in fixed) return fixed[path];
  if (/^\/api\/playlists\/genre\/[^/]+$/.test(path)) return playlists.slice(0, 1);
  if (/^\/api\/playlists\/\d+$/.test(path)) return { ...playlists[0], tracks };
  const genreList = path.match(/^\/api\/genres\/[^/]+\/(subgenres|playlists|artists)$/)?.[1];
  if (genreList === "subgenres") return { subgenres };
  if (genreList === "playlists") return { playlists };
  if (genreList === "artists") return { artists };
  return undefined;
}

let unanswered: string[] = [];
let leftOut: string[] = [];

function answerWith(real: unknown[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input) => {
      const path = new URL(String(input), "http://localhost").pathname;
      const answer = answerFor(path, real);
      if (answer === undefined) {
        unanswered.push(path);
        return new Response("Not found", { status: 404 });
      }
      return Response.json(answer);
    }),
  );
}

async function renderPage(path: string, real: unknown[] = podcasts) {
  answerWith(real);
  await preloadMatchedScreens(path);
  await act(async () => {
    render(
      <Providers>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
  });
  return { user: userEvent.setup({ delay: null }) };
}

/**
 * Each text shows somewhere on the page (some more than once: a title as heading and link); when
 * one does not, the failure says what the client left out of the answers and why.
 */
async function expectShown(...texts: string[]) {
  for (const text of texts) {
    const found = await screen.findAllByText(text).catch(() => []);
    if (found.length === 0) {
      throw new Error(`"${text}" is not shown. Left out of the answers:\n${leftOut.join("\n") || "nothing"}`);
    }
  }
}

/** jsdom has none; the podcast filters' slider measures itself with one. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", NoResizeObserver);
  unanswered = [];
  leftOut = [];
  // The client logs each list item it leaves out because it does not fit what the page reads.
  vi.spyOn(console, "warn").mockImplementation((message: unknown) => {
    leftOut.push(String(message));
  });
});

afterEach(async () => {
  // Let reads still under way settle before the next page, so none of them lands in its records.
  await act(async () => {});
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every item of every answer was read, and every call was one the test answers. */
function expectNothingLeftOut() {
  expect(leftOut).toEqual([]);
  expect(unanswered).toEqual([]);
}

describe("pages given answers with only the fields screens require", () => {
  it("home: featured playlists, genres, the podcast panel and the advertisement", async () => {
    await renderPage("/");
    await expectShown(
      "Night Drive",
      "Porch Songs",
      "Electronic",
      "Country",
      "The Loudness War",
      "Tape Loops",
    );
    await expectShown("Vinyl Week");
    expect(screen.getByText("Hosted by Lena Ford")).toBeVisible();
    expectNothingLeftOut();
  });

  it("music hub (/working-home): featured playlists and new releases, 'Open in Spotify' by search", async () => {
    await renderPage("/working-home");
    await expectShown("Night Drive", "Glass Harbour");
    expect(
      screen.getByRole("link", { name: /^Open in Spotify: Glass Harbour by Nadia Reyes/ }),
    ).toHaveAttribute("href", "https://open.spotify.com/search/Nadia%20Reyes%20Glass%20Harbour");
    expectNothingLeftOut();
  });

  it("landing page (/old-home): newest playlists, newest albums and genre tiles linked by name", async () => {
    await renderPage("/old-home");
    await expectShown("Night Drive", "Glass Harbour");
    expect(await screen.findByRole("link", { name: "Electronic" })).toHaveAttribute(
      "href",
      "/genre/Electronic",
    );
    expectNothingLeftOut();
  });

  it("genre grid (/old-genres)", async () => {
    await renderPage("/old-genres");
    await expectShown("Electronic", "Country");
    expectNothingLeftOut();
  });

  it("Genre Explorer (/genres): genres, and a chosen genre's subgenres, playlists and artists", async () => {
    const { user } = await renderPage("/genres");
    await user.click(await screen.findByRole("button", { name: /^Electronic/ }));
    await expectShown("Deep House");
    await user.click(screen.getByRole("tab", { name: "Playlists" }));
    await expectShown("Porch Songs");
    await user.click(screen.getByRole("tab", { name: "Artists" }));
    await expectShown("Kai Ostrander");
    expectNothingLeftOut();
  });

  it("genre page (/genre/electronic): the genre and its playlists", async () => {
    await renderPage("/genre/electronic");
    expect(await screen.findByRole("heading", { level: 1, name: /Electronic/ })).toBeVisible();
    await expectShown("Night Drive");
    expectNothingLeftOut();
  });

  it("playlists (/playlists)", async () => {
    await renderPage("/playlists");
    await expectShown("Night Drive", "Porch Songs");
    expectNothingLeftOut();
  });

  it("a playlist (/playlist/1)", async () => {
    await renderPage("/playlist/1");
    expect(await screen.findByRole("heading", { level: 1, name: "Night Drive" })).toBeVisible();
    await expectShown("Headlights");
    expectNothingLeftOut();
  });

  it.each(["/new-releases", "/releases"])("new releases (%s)", async (path) => {
    await renderPage(path);
    await expectShown("Glass Harbour");
    expectNothingLeftOut();
  });

  it("Music Podcasts (/podcasts): the featured podcast, the list, categories and latest episodes", async () => {
    await renderPage("/podcasts");
    await expectShown("Crate Diggers", "Studio Notes", "Tape Loops", "Drum Machines at Forty");
    expect((await screen.findAllByRole("button", { name: /Music History/ })).length).toBeGreaterThan(0);
    expectNothingLeftOut();
  });

  it("the club's podcasts page (/old-podcasts): the featured episode and the recent ones", async () => {
    const { user } = await renderPage("/old-podcasts");
    expect(await screen.findByRole("heading", { name: "The Loudness War" })).toBeVisible();
    expect(screen.getByText("Hosted by")).toBeVisible();
    await user.click(screen.getByRole("tab", { name: "Latest Episodes" }));
    await expectShown("Tape Loops", "Drum Machines at Forty");
    expectNothingLeftOut();
  });

  it("Podcast Discovery (/podcasts-discovery) given the catalogue's fields", async () => {
    await renderPage("/podcasts-discovery");
    await expectShown("Crate Diggers", "Studio Notes", "Sampling the Seventies");
    expectNothingLeftOut();
  });

  it("Podcast Discovery given only the subset it reads: titles as text, no show links", async () => {
    await renderPage("/podcasts-discovery", discoveryPodcasts);
    await expectShown("Crate Diggers", "Studio Notes", "Sampling the Seventies");
    expect(screen.queryAllByRole("link", { name: "Crate Diggers" })).toEqual([]);
    expect(
      screen.getAllByRole("link", { name: /Listen on Spotify/ }).map((link) => link.getAttribute("href")),
    ).toContain("https://open.spotify.com/show/11");
    expectNothingLeftOut();
  });
});
