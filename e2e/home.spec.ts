import { expect, expectAccessible, holdApi, stubApi, test } from "./fixtures";

test("shows skeletons, then four featured playlists and the genres", async ({ page }) => {
  const releasePlaylists = await holdApi(page, "/api/playlists/featured");
  const releaseGenres = await holdApi(page, "/api/genres");
  await page.goto("/");
  await expect(page.getByTestId("playlist-skeleton")).toHaveCount(4);
  await expect(page.getByTestId("genre-skeleton")).toHaveCount(8);
  releasePlaylists();
  releaseGenres();

  const featured = page.getByRole("region", { name: "Featured Playlists" });
  await expect(featured.getByRole("article")).toHaveCount(4);
  await expect(featured.getByRole("heading", { name: "Late Night Circuits" })).toBeVisible();
  await expect(featured.getByText(/^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();

  const genres = page.getByRole("region", { name: "Explore by Genre" });
  await expect(genres.getByRole("link", { name: /R&B/ })).toHaveAttribute("href", "/genre/R%26B");
  await expect(genres.getByRole("link", { name: /Electronic\s*\d+ playlists/ })).toBeVisible();
  await expectAccessible(page);
});

test("links onwards: View all, View All Genres, a genre card", async ({ page, visit }) => {
  await visit("/");
  await page
    .getByRole("region", { name: "Featured Playlists" })
    .getByRole("link", { name: "View all" })
    .click();
  await expect(page).toHaveURL("/playlists");
  await page.goBack();
  await page.getByRole("link", { name: "View All Genres" }).click();
  await expect(page).toHaveURL("/genres");
  await page.goBack();
  await page
    .getByRole("region", { name: "Explore by Genre" })
    .getByRole("link", { name: /Hip Hop/ })
    .click();
  await expect(page).toHaveURL("/genre/Hip%20Hop");
  await expect(page.getByRole("heading", { level: 1, name: "Hip Hop" })).toBeVisible();
});

test("shows the sponsored banner only when the server returns one", async ({ page, visit }) => {
  await visit("/");
  const banner = page.getByRole("complementary", { name: "Sponsored" });
  await expect(banner.getByRole("heading", { name: "Buy music straight from the artists" })).toBeVisible();
  await expect(banner.getByRole("link", { name: /Explore Bandcamp/ })).toHaveAttribute("rel", /sponsored/);

  await stubApi(page, "/api/advertisements/current", 204);
  await page.reload();
  await expect(page.getByRole("region", { name: "Featured Playlists" }).getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("complementary", { name: "Sponsored" })).toHaveCount(0);
});

test("says so when the catalogue cannot be loaded", async ({ page }) => {
  await stubApi(page, "/api/playlists/featured", 500, { error: "Internal server error" });
  await stubApi(page, "/api/genres", 503, { error: "Service unavailable" });
  await page.goto("/");
  await expect(page.getByRole("alert").filter({ hasText: "Error loading playlists" })).toContainText(
    '500: {"error":"Internal server error"}',
  );
  await expect(page.getByText("Failed to load genres. Please try again later.")).toBeVisible();
  await expectAccessible(page);
});

test("shows the empty texts for an empty catalogue", async ({ page }) => {
  await stubApi(page, "/api/playlists/featured", 200, []);
  await stubApi(page, "/api/genres", 200, { genres: [] });
  await stubApi(page, "/api/podcasts", 200, { featuredEpisode: null, recentEpisodes: [], podcasts: [] });
  await page.goto("/");
  await expect(page.getByText("No playlists found")).toBeVisible();
  await expect(page.getByText("No genres found")).toBeVisible();
  await expect(page.getByText("No featured podcast available")).toBeVisible();
  await expect(page.getByText("No recent episodes available")).toBeVisible();
});

test("the hero and platforms images come from the server, with a local fallback", async ({ page, visit }) => {
  await visit("/");
  const hero = page
    .getByRole("region", { name: "Your Portal to Fresh Music Across All Genres" })
    .locator("img");
  await expect(hero).toHaveAttribute("src", "/art/site/hero.svg");
  await stubApi(page, "/api/images/hero", 404, { error: "No hero image is set" });
  await page.reload();
  await expect(hero).toHaveAttribute("src", "/fallback/hero.svg");
});

test("newsletter: validates like the server, subscribes, and reports failures", async ({ page, visit }) => {
  await visit("/");
  await page.getByRole("heading", { name: "For DJs & Producers" }).scrollIntoViewIfNeeded();
  // The form's code loads once it is near the viewport (the form itself came with the page).
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("region", { name: "Get the Newsletter" });
  const email = form.getByRole("textbox", { name: "Email address" });
  await expect(email).toHaveAttribute("required", "");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("You must agree to receive emails")).toBeVisible();
  await expectAccessible(page);

  await email.fill("listener@example.com");
  await form.getByRole("checkbox", { name: "I agree to receive email updates and promotions" }).check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Subscription successful!")).toBeVisible();
  await expect(page.getByText("You've been added to our newsletter.")).toBeVisible();
  await expect(email).toHaveValue("");
  await expect(form.getByRole("checkbox")).not.toBeChecked();

  await stubApi(page, "/api/newsletter/subscribe", 429, { error: "Rate limit exceeded, retry in 1 minute" });
  await email.fill("listener@example.com");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Subscription failed")).toBeVisible();
  await expect(page.getByText('429: {"error":"Rate limit exceeded, retry in 1 minute"}')).toBeVisible();
});

test("newsletter: a subscribe made before the form's code arrives is held and sent once it has", async ({
  page,
  visit,
}) => {
  let releaseCode: () => void = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    releaseCode = resolve;
  });
  await page.route("**/assets/newsletter-form-*.js", async (route) => {
    await codeHeld;
    await route.continue();
  });
  await visit("/");
  const form = page.getByRole("region", { name: "Get the Newsletter" });
  await form.getByRole("textbox", { name: "Email address" }).fill("early@example.com");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  // Not submitted natively: the address (and the email in it) stays as it was.
  await expect(page).toHaveURL(/\/$/);
  releaseCode();
  await expect(page.getByText("Subscription successful!")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email address" })).toHaveValue("");
});

test("newsletter: 'Subscribing...' while the request is on its way", async ({ page, visit }) => {
  await visit("/");
  const release = await holdApi(page, "/api/newsletter/subscribe");
  await page.getByRole("heading", { name: "For DJs & Producers" }).scrollIntoViewIfNeeded();
  // The form's code loads once it is near the viewport (the form itself came with the page).
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("region", { name: "Get the Newsletter" });
  await form.getByRole("textbox", { name: "Email address" }).fill("slow@example.com");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  release();
  await expect(page.getByText("Subscription successful!")).toBeVisible();
});

test("an outcome passed to the home page (/?newsletter=…) is shown once", async ({ page }) => {
  await page.goto("/?newsletter=invalid-link");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("That link doesn't work")).toBeVisible();
});
