import { expect, renderInBrowser, test } from "./fixtures";

test.describe("music you can play where it lives", () => {
  test("each track opens in the playlist's platform, then in the service the visitor chose", async ({
    page,
    visit,
  }) => {
    await visit("/playlist/1");
    const tracks = page.getByRole("region", { name: "Tracks" });
    const firstRow = tracks.getByRole("row").nth(1);
    // A search until the song's Spotify id is known (a visitor's 'Save to Spotify' may have found it
    // earlier in the run: spotify.spec.ts), then the track itself.
    await expect(firstRow.getByRole("link", { name: /^Open in Spotify: Baby by Four Tet/ })).toHaveAttribute(
      "href",
      /^https:\/\/open\.spotify\.com\/(search\/Four%20Tet%20Baby|track\/[A-Za-z0-9]{22})$/,
    );

    await tracks.getByRole("combobox", { name: "Listen on" }).selectOption("Deezer");
    await expect(firstRow.getByRole("link", { name: /^Open in Deezer: Baby by Four Tet/ })).toHaveAttribute(
      "href",
      "https://www.deezer.com/search/Four%20Tet%20Baby",
    );
    // The other services are one click away.
    await firstRow.getByText("More").click();
    await expect(firstRow.getByRole("link", { name: /^Tidal/ })).toHaveAttribute(
      "href",
      "https://listen.tidal.com/search?q=Four%20Tet%20Baby",
    );

    // Remembered on this device, on every page that offers it.
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Tracks" }).getByRole("combobox", { name: "Listen on" }),
    ).toHaveValue("Deezer");
    await visit("/new-releases");
    await expect(
      page.getByRole("link", { name: /^Open in Deezer: Tidal Memory by Luna Vale/ }),
    ).toBeVisible();
  });

  test("'Listen here' loads the platform's player only after the click", async ({ page, isPhone }) => {
    test.skip(isPhone, "what loads does not depend on the width");
    await renderInBrowser(page);
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      const { hostname, protocol } = new URL(request.url());
      if (protocol.startsWith("http") && !["127.0.0.1", "localhost"].includes(hostname)) {
        thirdParty.push(request.url());
      }
    });
    // The platform's own page is not loaded in a test: answer the embed with an empty page.
    await page.route("https://open.spotify.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>player</p>" }),
    );
    const answer = await page.request.get("/api/playlists/1");
    const playlist = { ...(await answer.json()), platformId: "37i9dQZF1DX8Uebhn9wzrS" };
    await page.route("**/api/playlists/1", (route) => route.fulfill({ json: playlist }));

    await page.goto("/playlist/1");
    // A playlist that exists on its platform: the header opens the playlist itself.
    await expect(
      page.getByRole("link", { name: "Open in Spotify (opens in a new tab)", exact: true }),
    ).toHaveAttribute("href", "https://open.spotify.com/playlist/37i9dQZF1DX8Uebhn9wzrS");
    const listen = page.getByRole("region", { name: "Listen here" });
    await expect(
      listen.getByRole("button", { name: "Play Late Night Circuits with the Spotify player" }),
    ).toBeVisible();
    await expect(listen.locator("iframe")).toHaveCount(0);
    expect(thirdParty).toEqual([]);

    await listen.getByRole("button", { name: /^Play Late Night Circuits/ }).click();
    const player = listen.locator("iframe");
    await expect(player).toHaveAttribute(
      "src",
      "https://open.spotify.com/embed/playlist/37i9dQZF1DX8Uebhn9wzrS",
    );
    await expect(player).toHaveAttribute("title", "Late Night Circuits on Spotify");
    await expect
      .poll(() => thirdParty.some((url) => url.startsWith("https://open.spotify.com/embed/")))
      .toBe(true);
  });
});
