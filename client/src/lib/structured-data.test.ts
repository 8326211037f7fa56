import type { PlaylistDetail } from "@waveform/contracts/playlists";
import type { Episode, Podcast } from "@waveform/contracts/podcasts";
import type { Album } from "@waveform/contracts/releases";
import { describe, expect, it } from "vitest";
import {
  albumList,
  breadcrumbs,
  homeBreadcrumbs,
  isoDuration,
  itemList,
  jsonLdText,
  musicAlbum,
  musicPlaylist,
} from "./structured-data";
import {
  chartList,
  type MerchProduct,
  product,
  productList,
  productPath,
  type SpotlightArtistFacts,
  spotlightArtist,
} from "./structured-data-editorial";
import {
  latestPodcastEpisode,
  podcastDiscoveryPage,
  podcastEpisode,
  podcastSeries,
  podcastsPage,
} from "./structured-data-podcasts";

const ORIGIN = "https://waveform.example";

const tee: MerchProduct = {
  id: "waveform-club-tee",
  name: "Waveform Club Tee",
  description: "Heavyweight organic cotton tee.",
  price: 29.99,
  imageUrl: "/art/merch/waveform-club-tee.svg",
  category: "Apparel",
  inStock: true,
};
const testPressing: MerchProduct = {
  id: "paper-satellites-test-pressing",
  name: "Paper Satellites Signed Test Pressing",
  description: "One of 50 white-label test pressings.",
  price: 99.9,
  imageUrl: "/art/merch/paper-satellites-test-pressing.svg",
  artist: "Ines Moreau",
  category: "Limited Edition",
  inStock: false,
};

const album: Album = {
  id: 7,
  title: "Tidal Memory",
  artist: "Luna Vale",
  imageUrl: "/art/album/tidal-memory.svg",
  releaseDate: "2026-03-14",
  trackCount: 11,
  platform: "Spotify",
  externalUrl: "https://open.spotify.com/album/abc",
  isNew: true,
  spotifyUri: null,
};

const latestEpisode = {
  id: 41,
  title: "Building a synth from scratch",
  description: "Oscillators, filters and patience.",
  duration: 3600,
  publishDate: "2026-05-02",
  audioUrl: "https://feeds.example/ep41.mp3",
};
const podcast: Podcast = {
  id: 3,
  slug: "patch-notes",
  title: "Patch Notes",
  host: "Mara Quinn",
  hostImage: "/art/host/mara.svg",
  imageUrl: "/art/podcast/patch-notes.svg",
  description: "Conversations about sound design.",
  categories: ["Music Production"],
  episodeCount: 120,
  latestEpisode,
  platform: "Spotify",
  publishFrequency: "Weekly",
  rating: 4.7,
  externalUrl: "https://open.spotify.com/show/patch-notes",
  isNew: false,
  isTrending: true,
  isFeatured: true,
};
const otherPodcast: Podcast = {
  ...podcast,
  id: 4,
  title: "Crate Diggers",
  host: "Sam Ortiz",
  categories: [],
  latestEpisode: null,
  isFeatured: false,
};
const episode: Episode = {
  id: 52,
  podcastId: 4,
  podcastSlug: "crate-diggers",
  podcastTitle: "Crate Diggers",
  title: "Rare grooves of 1974",
  description: "Three records nobody kept.",
  imageUrl: "/art/podcast/crate-diggers.svg",
  date: "2026-05-01",
  duration: 245,
  audioUrl: null,
  chaptersUrl: null,
};

const luna: SpotlightArtistFacts = {
  name: "Luna Vale",
  imageUrl: "/art/artist/luna-vale.svg",
  bio: "Luna Vale writes hushed indie songs.",
  genre: "Indie",
  location: "Portland, Oregon",
  latestRelease: {
    title: "Tidal Memory",
    type: "Album",
    year: 2026,
    coverUrl: "/art/album/tidal-memory.svg",
  },
  links: {
    spotify: "https://open.spotify.com/search/Luna%20Vale",
    instagram: "https://www.instagram.com/",
    bandcamp: "https://lunavale.bandcamp.com/",
    merchandise: "/merchandise?artist=Luna%20Vale",
    website: "https://lunavale.example/",
  },
};

const parse = (items: Parameters<typeof jsonLdText>[0]) => JSON.parse(jsonLdText(items, ORIGIN));

describe("jsonLdText", () => {
  it("gives one object its @context, several a @graph", () => {
    expect(parse([{ "@type": "Thing", name: "A" }])).toEqual({
      "@context": "https://schema.org",
      "@type": "Thing",
      name: "A",
    });
    expect(parse([{ "@type": "Thing" }, { "@type": "Place" }])).toEqual({
      "@context": "https://schema.org",
      "@graph": [{ "@type": "Thing" }, { "@type": "Place" }],
    });
  });

  it("escapes < so a text cannot close the script element", () => {
    const text = jsonLdText([{ "@type": "Thing", name: "</script><script>alert(1)</script>" }], ORIGIN);
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script>");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });

  it("makes site paths absolute, at any depth, and leaves other texts alone", () => {
    const data = parse([
      {
        "@type": "Thing",
        url: "/merchandise?id=tee",
        image: ["/art/a.svg", "https://cdn.example/b.png"],
        nested: { item: { contentUrl: "/audio/1.mp3" } },
        protocolRelative: "//cdn.example/c.png",
        name: "Home / Away",
      },
    ]);
    expect(data.url).toBe(`${ORIGIN}/merchandise?id=tee`);
    expect(data.image).toEqual([`${ORIGIN}/art/a.svg`, "https://cdn.example/b.png"]);
    expect(data.nested.item.contentUrl).toBe(`${ORIGIN}/audio/1.mp3`);
    expect(data.protocolRelative).toBe("//cdn.example/c.png");
    expect(data.name).toBe("Home / Away");
  });
});

describe("isoDuration", () => {
  it.each([
    [0, "PT0S"],
    [59, "PT59S"],
    [60, "PT1M"],
    [245, "PT4M5S"],
    [3600, "PT1H"],
    [3725, "PT1H2M5S"],
    [7260, "PT2H1M"],
    [59.6, "PT1M"],
    [-5, "PT0S"],
  ])("%d s is %s", (seconds, text) => {
    expect(isoDuration(seconds)).toBe(text);
  });
});

describe("breadcrumbs", () => {
  it("numbers the trail from 1, the page itself last", () => {
    expect(
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Playlists", path: "/playlists" },
      ]),
    ).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "/" },
        { "@type": "ListItem", position: 2, name: "Playlists", item: "/playlists" },
      ],
    });
  });

  it("homeBreadcrumbs is Home › the page", () => {
    expect(homeBreadcrumbs("Merchandise", "/merchandise")).toEqual(
      breadcrumbs([
        { name: "Home", path: "/" },
        { name: "Merchandise", path: "/merchandise" },
      ]),
    );
  });
});

describe("itemList", () => {
  it("wraps things in ListItems numbered from 1, with their count", () => {
    expect(
      itemList("Things", [
        { "@type": "Thing", name: "A" },
        { "@type": "Thing", name: "B" },
      ]),
    ).toEqual({
      "@type": "ItemList",
      name: "Things",
      numberOfItems: 2,
      itemListElement: [
        { "@type": "ListItem", position: 1, item: { "@type": "Thing", name: "A" } },
        { "@type": "ListItem", position: 2, item: { "@type": "Thing", name: "B" } },
      ],
    });
  });
});

describe("musicPlaylist", () => {
  it("lists the tracks as MusicRecordings with ISO durations", () => {
    const playlist: PlaylistDetail = {
      id: 1,
      title: "Late Night Circuits",
      description: "Deep house after dark.",
      imageUrl: "/art/playlist/1.svg",
      genre: "Electronic",
      platform: "Spotify",
      curator: "Ava Chen",
      trackCount: 1,
      externalUrl: "https://open.spotify.com/playlist/x",
      platformId: null,
      publishedDate: "2026-01-10",
      updatedAt: "2026-02-01",
      isNew: false,
      featured: true,
      tracks: [
        {
          position: 1,
          title: "Quiet Machines",
          artist: "Oslo Drift",
          durationSeconds: 245,
          spotifyUri: null,
        },
      ],
    };
    expect(musicPlaylist(playlist, "/playlist/1")).toMatchObject({
      "@type": "MusicPlaylist",
      "@id": "/playlist/1",
      name: "Late Night Circuits",
      author: { "@type": "Person", name: "Ava Chen" },
      numTracks: 1,
      track: [
        {
          "@type": "MusicRecording",
          position: 1,
          name: "Quiet Machines",
          byArtist: { "@type": "MusicGroup", name: "Oslo Drift" },
          duration: "PT4M5S",
        },
      ],
    });
  });
});

describe("product", () => {
  it("is a Product with a dollar Offer in stock, at the shop's ?id= address", () => {
    expect(product(tee)).toEqual({
      "@type": "Product",
      name: "Waveform Club Tee",
      description: "Heavyweight organic cotton tee.",
      image: "/art/merch/waveform-club-tee.svg",
      category: "Apparel",
      url: "/merchandise?id=waveform-club-tee",
      offers: {
        "@type": "Offer",
        price: "29.99",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: "/merchandise?id=waveform-club-tee",
      },
    });
  });

  it("names the artist as brand, shows two decimals, and says when it is sold out", () => {
    const data = product(testPressing);
    expect(data.brand).toEqual({ "@type": "Brand", name: "Ines Moreau" });
    expect(data.offers).toMatchObject({ price: "99.90", availability: "https://schema.org/OutOfStock" });
  });

  it("productPath encodes the id; productList lists every product", () => {
    expect(productPath("a b&c")).toBe("/merchandise?id=a%20b%26c");
    const list = productList([tee, testPressing]);
    expect(list).toMatchObject({ "@type": "ItemList", name: "Merchandise", numberOfItems: 2 });
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, item: product(tee) },
      { "@type": "ListItem", position: 2, item: product(testPressing) },
    ]);
  });
});

describe("musicAlbum", () => {
  it("is a MusicAlbum by its artist, with date, cover, track count and address", () => {
    expect(musicAlbum(album)).toEqual({
      "@type": "MusicAlbum",
      name: "Tidal Memory",
      byArtist: { "@type": "MusicGroup", name: "Luna Vale" },
      datePublished: "2026-03-14",
      image: "/art/album/tidal-memory.svg",
      numTracks: 11,
      url: "https://open.spotify.com/album/abc",
    });
  });

  it("albumList lists the albums in order", () => {
    expect(albumList([album, { ...album, id: 8, title: "Signal Fire" }])).toMatchObject({
      "@type": "ItemList",
      name: "New Releases",
      numberOfItems: 2,
      itemListElement: [
        { position: 1, item: { name: "Tidal Memory" } },
        { position: 2, item: { name: "Signal Fire" } },
      ],
    });
  });
});

describe("podcasts", () => {
  it("podcastSeries: the host as author, categories as genre, the show's address as url", () => {
    expect(podcastSeries(podcast)).toEqual({
      "@type": "PodcastSeries",
      name: "Patch Notes",
      author: { "@type": "Person", name: "Mara Quinn" },
      description: "Conversations about sound design.",
      image: "/art/podcast/patch-notes.svg",
      genre: ["Music Production"],
      url: "https://open.spotify.com/show/patch-notes",
    });
    expect(podcastSeries(otherPodcast)).not.toHaveProperty("genre");
    expect(podcastSeries(podcast)).not.toHaveProperty("webFeed");
  });

  it("podcastEpisode: date, duration, its show; no audio when there is none", () => {
    expect(podcastEpisode(episode)).toEqual({
      "@type": "PodcastEpisode",
      name: "Rare grooves of 1974",
      description: "Three records nobody kept.",
      duration: "PT4M5S",
      datePublished: "2026-05-01",
      image: "/art/podcast/crate-diggers.svg",
      partOfSeries: { "@type": "PodcastSeries", name: "Crate Diggers" },
    });
    const withAudio = podcastEpisode({
      ...episode,
      duration: null,
      audioUrl: "https://feeds.example/52.mp3",
    });
    expect(withAudio).not.toHaveProperty("duration");
    expect(withAudio.associatedMedia).toEqual({
      "@type": "MediaObject",
      contentUrl: "https://feeds.example/52.mp3",
    });
  });

  it("latestPodcastEpisode: the newest episode with its audio, or nothing", () => {
    expect(latestPodcastEpisode(podcast)).toEqual({
      "@type": "PodcastEpisode",
      name: "Building a synth from scratch",
      description: "Oscillators, filters and patience.",
      duration: "PT1H",
      associatedMedia: { "@type": "MediaObject", contentUrl: "https://feeds.example/ep41.mp3" },
      datePublished: "2026-05-02",
      partOfSeries: {
        "@type": "PodcastSeries",
        name: "Patch Notes",
        url: "https://open.spotify.com/show/patch-notes",
      },
    });
    expect(latestPodcastEpisode(otherPodcast)).toBeUndefined();
  });

  it("podcastsPage: the featured podcast once, then the listed ones; its newest episode, then the latest", () => {
    const [series, episodes, ...rest] = podcastsPage({
      featured: podcast,
      podcasts: [podcast, otherPodcast],
      episodes: [{ ...episode, id: latestEpisode.id }, episode],
    });
    expect(rest).toEqual([]);
    expect(series).toMatchObject({ "@type": "ItemList", name: "Music Podcasts", numberOfItems: 2 });
    expect(series?.itemListElement).toMatchObject([
      { position: 1, item: { name: "Patch Notes" } },
      { position: 2, item: { name: "Crate Diggers" } },
    ]);
    expect(episodes).toMatchObject({ "@type": "ItemList", name: "Latest Episodes", numberOfItems: 2 });
    expect(episodes?.itemListElement).toMatchObject([
      { position: 1, item: { name: "Building a synth from scratch" } },
      { position: 2, item: { name: "Rare grooves of 1974" } },
    ]);
  });

  it("podcastsPage: nothing loaded, nothing said; no episodes, no episode list", () => {
    expect(podcastsPage({})).toEqual([]);
    expect(podcastsPage({ podcasts: [otherPodcast] }).map((data) => data.name)).toEqual(["Music Podcasts"]);
    expect(podcastsPage({ episodes: [episode] }).map((data) => data.name)).toEqual(["Latest Episodes"]);
  });

  it("podcastDiscoveryPage: featured first, each podcast once; nothing when empty", () => {
    const [list, ...rest] = podcastDiscoveryPage({ featured: [podcast], podcasts: [otherPodcast, podcast] });
    expect(rest).toEqual([]);
    expect(list?.itemListElement).toMatchObject([
      { position: 1, item: { "@type": "PodcastSeries", name: "Patch Notes" } },
      { position: 2, item: { "@type": "PodcastSeries", name: "Crate Diggers" } },
    ]);
    expect(podcastDiscoveryPage({})).toEqual([]);
    expect(podcastDiscoveryPage({ featured: [], podcasts: [] })).toEqual([]);
  });
});

describe("spotlightArtist", () => {
  it("is a MusicGroup with genre, bio, photo, home town and latest album", () => {
    expect(spotlightArtist(luna)).toEqual({
      "@type": "MusicGroup",
      name: "Luna Vale",
      genre: "Indie",
      description: "Luna Vale writes hushed indie songs.",
      image: "/art/artist/luna-vale.svg",
      location: { "@type": "Place", name: "Portland, Oregon" },
      album: {
        "@type": "MusicAlbum",
        name: "Tidal Memory",
        datePublished: "2026",
        image: "/art/album/tidal-memory.svg",
        albumReleaseType: "https://schema.org/AlbumRelease",
      },
      sameAs: ["https://lunavale.bandcamp.com/", "https://lunavale.example/"],
    });
  });

  it("sameAs keeps only profile pages: no front pages, searches or our own shop; none, no sameAs", () => {
    const placeholders = spotlightArtist({
      ...luna,
      latestRelease: { ...luna.latestRelease, type: "Single" },
      links: { ...luna.links, bandcamp: "https://bandcamp.com/", website: "https://www.facebook.com/" },
    });
    expect(placeholders).not.toHaveProperty("sameAs");
    expect(placeholders.album).toMatchObject({ albumReleaseType: "https://schema.org/SingleRelease" });
  });
});

describe("chartList", () => {
  it("lists the chart's recordings at their ranks, ascending", () => {
    expect(
      chartList("Weekly Chart", [
        { rank: 1, title: "Tidal Memory", artist: "Luna Vale", genre: "Indie" },
        { rank: 2, title: "Signal Fire", artist: "Kairo Blaze", genre: "Hip Hop" },
      ]),
    ).toEqual({
      "@type": "ItemList",
      name: "Weekly Chart",
      itemListOrder: "https://schema.org/ItemListOrderAscending",
      numberOfItems: 2,
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          item: {
            "@type": "MusicRecording",
            name: "Tidal Memory",
            byArtist: { "@type": "MusicGroup", name: "Luna Vale" },
            genre: "Indie",
          },
        },
        {
          "@type": "ListItem",
          position: 2,
          item: {
            "@type": "MusicRecording",
            name: "Signal Fire",
            byArtist: { "@type": "MusicGroup", name: "Kairo Blaze" },
            genre: "Hip Hop",
          },
        },
      ],
    });
  });
});
