import { DESKTOP_ONLY, expect, test } from "./fixtures";

/**
 * Pages arrive whole: every route answers HTML that already holds its heading, its content, its own
 * title and its link-preview tags — read here with JavaScript off — and then hydrates without a
 * warning and without fetching the data it came with.
 */
const pages = [
  { path: "/", heading: "Your Portal to Fresh Music Across All Genres", content: "Get the Newsletter" },
  { path: "/working-home", heading: "Music Hub", content: "Late Night Circuits" },
  { path: "/old-home", heading: "Discover Your Next Favorite Sound", content: "Explore Genres" },
  { path: "/genres", heading: "Genre Explorer", content: "Electronic" },
  { path: "/old-genres", heading: "Explore Genres", content: "Hip Hop" },
  { path: "/genres/Rock", heading: "Rock", content: "About Rock Music" },
  { path: "/genre/R%26B", heading: "R&B", content: "About R&B Music" },
  { path: "/playlists", heading: "Playlists", content: "Late Night Circuits" },
  { path: "/playlist/1", heading: "Late Night Circuits", content: "Four Tet" },
  { path: "/new-releases", heading: "New Releases", content: "Tidal Memory" },
  { path: "/releases", heading: "New Releases", content: "Tidal Memory" },
  { path: "/podcasts", heading: "Music Podcasts", content: "The Green Room Sessions" },
  { path: "/old-podcasts", heading: "Waveform Podcasts", content: "Featured Episode" },
  { path: "/podcasts-discovery", heading: "Podcast Discovery", content: "The Green Room Sessions" },
  { path: "/merchandise", heading: "Merchandise", content: "Featured Merchandise" },
  { path: "/streaming-partners", heading: "Streaming Partners", content: "Spotify" },
  { path: "/artist-spotlight", heading: "Emerging Artists", content: "Want Your Music Featured?" },
  { path: "/about", heading: "About Waveform Music Club", content: "Our Mission" },
  { path: "/charts", heading: "Music Charts - 2025", content: "Download CSV" },
  { path: "/playlist-creator", heading: "Playlist Creator", content: "Connect" },
  { path: "/spotify-test", heading: "Spotify Connection Test", content: "Redirect address" },
] as const;

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, content } of pages) {
    // The markup is the same at every width: desktop only.
    test(
      `${path} arrives with its heading, content, title and link-preview tags`,
      DESKTOP_ONLY,
      async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.getByRole("main")).toContainText(content);
        await expect(page).toHaveTitle(/ · Waveform Music Club$|^Waveform Music Club · /);
        const og = (property: string) => page.locator(`head meta[property="${property}"]`);
        await expect(og("og:title")).toHaveAttribute("content", /\S/);
        await expect(og("og:image")).toHaveAttribute("content", /^http:\/\/127\.0\.0\.1:\d+\/og\/.+\.png$/);
        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\//);
      },
    );
  }

  test("the newsletter form is in the home page's HTML, before anyone scrolls", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("textbox", { name: "Email address" })).toBeAttached();
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeAttached();
  });

  test("an item that does not exist answers 404 with its not-found screen", async ({ page }) => {
    for (const [path, heading] of [
      ["/playlist/999999", "Playlist Not Found"],
      ["/genres/no-such-genre", "Genre Not Found"],
      ["/no/such/page", "404 Page Not Found"],
      ["/merchandise?id=no-such-product", "Merchandise"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });
});

test.describe("hydration", () => {
  for (const { path, heading } of pages) {
    // The markup is the same at every width: desktop only.
    test(
      `${path} hydrates without a warning and without fetching its data again`,
      DESKTOP_ONLY,
      async ({ page }) => {
        const problems: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
        });
        page.on("pageerror", (error) => problems.push(error.message));
        const catalogueReads: string[] = [];
        page.on("request", (request) => {
          const { pathname } = new URL(request.url());
          // Visitor-specific reads (the Spotify connection) are the browser's to make.
          if (pathname.startsWith("/api/") && !/^\/api\/(spotify|music\/test-connection)/.test(pathname)) {
            catalogueReads.push(pathname);
          }
        });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
        // Hydrated: a client-side navigation works (the header's home link stays in the page).
        await page.waitForLoadState("networkidle");
        expect(problems).toEqual([]);
        expect(catalogueReads).toEqual([]);
      },
    );
  }

  for (const { path, screen } of [
    { path: "/genres", screen: "genres" },
    { path: "/playlist/1", screen: "playlist-detail" },
  ]) {
    // The markup is the same at every width: desktop only.
    test(
      `${path} asks for all of its screen's code with its entry, before the entry has run`,
      DESKTOP_ONLY,
      async ({ page }) => {
        await page.goto(path);
        // What is checked is how the page's code was loaded, which is over once the page has hydrated.
        await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
        const loading = await page.evaluate(() => {
          const listed: string[] = JSON.parse(document.getElementById("page-code")?.textContent ?? "[]");
          const ran = performance.getEntriesByName("waveform:code")[0]?.startTime ?? 0;
          const asked = new Map(
            performance
              .getEntriesByType("resource")
              .map((entry) => [new URL(entry.name).pathname, entry.startTime] as const),
          );
          return { listed, late: listed.filter((file) => !((asked.get(file) ?? Infinity) < ran)) };
        });
        expect(loading.listed).toContainEqual(
          expect.stringMatching(new RegExp(`^/assets/${screen}-[\\w-]+\\.js$`)),
        );
        expect(loading.listed).toContainEqual(expect.stringMatching(/^\/assets\/app-[\w-]+\.js$/));
        // Each file was asked for before the entry ran, not once the file importing it had arrived.
        expect(loading.late).toEqual([]);
      },
    );
  }

  test("a page rendered on the server still navigates in the browser", async ({ page }) => {
    // The page carries its stylesheet (decision 0036): neither the page nor the route code loaded on
    // the way (which lists the stylesheet among its needs) asks for it again.
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/playlists");
    // What this journey checks is the hydrated page's own navigation, so it waits for it (a link
    // followed before then is an ordinary page load, as without JavaScript).
    await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });
    await page
      .getByRole("main")
      .getByRole("link", { name: /Late Night Circuits/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Late Night Circuits" })).toBeVisible();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(stylesheets).toEqual([]);
  });
});

// No browser involved: desktop only.
test.describe("link previews", DESKTOP_ONLY, () => {
  const previews = [
    ["/playlist/1", "Late Night Circuits", "/og/playlist/1.png"],
    ["/genre/Rock", "Rock", "/og/genre/rock.png"],
    ["/playlists", "Playlists", "/og/page/playlists.png"],
    ["/merchandise", "Merchandise", "/og/page/merchandise.png"],
    ["/", "Waveform Music Club", "/og/page/home.png"],
  ] as const;

  for (const [path, title, image] of previews) {
    test(`${path} tells a chat app its title, description and picture`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const tag = (attribute: string, name: string) =>
        new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(head)?.[1];
      expect(tag("property", "og:title")).toBe(title);
      expect(tag("property", "og:description")?.length).toBeGreaterThan(20);
      expect(tag("name", "twitter:card")).toBe("summary_large_image");
      const imageUrl = tag("property", "og:image") ?? "";
      expect(new URL(imageUrl).pathname).toBe(image);
      const picture = await request.get(new URL(imageUrl).pathname);
      expect(picture.status()).toBe(200);
      expect(picture.headers()["content-type"]).toBe("image/png");
      const png = await picture.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });
  }

  test("a playlist page carries a MusicPlaylist with its tracks as JSON-LD", async ({ request }) => {
    const html = await (await request.get("/playlist/1")).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}";
    const graph = (JSON.parse(json) as { "@graph": { "@type": string; track?: unknown[] }[] })["@graph"];
    const playlist = graph.find((item) => item["@type"] === "MusicPlaylist");
    expect(playlist?.track?.length).toBe(14);
    expect(graph.map((item) => item["@type"])).toContain("BreadcrumbList");
  });
});
