import { DESKTOP_ONLY, expect, expectAccessible, test } from "./fixtures";

test(
  "the footer's 'Privacy Policy' opens the privacy page, which says what is counted and what never is",
  DESKTOP_ONLY,
  async ({ page, visit }) => {
    await visit("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(
      page.getByRole("heading", { name: "Privacy: what we count, and what we never do", level: 1 }),
    ).toBeVisible();
    // What it promises, in plain words.
    const never = page.getByRole("region", { name: "What we never keep or do" });
    await expect(never).toContainText("No cookie is set or read to count you");
    await expect(never).toContainText("No IP address and no User-Agent is kept with what we count");
    // The address is kept by the rate limits only, and for how long.
    const address = page.getByRole("region", { name: "Your IP address, for limits only" });
    await expect(address).toContainText("at most 25 minutes after your last request");
    await expect(address).toContainText("never written to the server's logs");
    const notCounted = page.getByRole("region", { name: "What we never count" });
    await expect(notCounted).toContainText("Do Not Track or Global Privacy Control");
    await expect(notCounted).toContainText("Bots and crawlers");
    await expect(notCounted.getByRole("link", { name: "Streaming Partners" })).toHaveAttribute(
      "href",
      "/streaming-partners",
    );
    await expect(
      page.getByRole("region", { name: "How we tell visitors apart without a cookie" }),
    ).toContainText("deleted once the day has ended");
    await expectAccessible(page);

    // Server-rendered on its own address too, and listed for search engines.
    const direct = await page.request.get("/privacy");
    expect(direct.status()).toBe(200);
    expect(await direct.text()).toContain("What we never count");
    expect(await (await page.request.get("/sitemap.xml")).text()).toContain("/privacy</loc>");
  },
);
