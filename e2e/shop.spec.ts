import { expect, expectAccessible, test } from "./fixtures";

test("lists every product with featured first, and shows sold-out products as such", async ({
  page,
  visit,
}) => {
  await visit("/merchandise");
  await expect(page.getByRole("heading", { name: "Featured Merchandise" })).toBeVisible();
  const listing = page.getByRole("region", { name: "All Products" });
  await expect(listing.getByRole("article")).toHaveCount(8);
  const soldOut = listing.getByRole("article").filter({ hasText: "Paper Satellites" });
  await expect(soldOut.getByText("Out of Stock")).toBeVisible();
  await expect(soldOut.getByRole("button", { name: "Sold Out" })).toBeDisabled();
});

test("the address preselects artist and genre filters and stays in sync", async ({ page, visit }) => {
  await visit("/merchandise?genre=Electronic");
  await expect(page.getByRole("heading", { name: "Electronic Merchandise" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured Merchandise" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Electronic Merchandise" }).getByRole("article")).toHaveCount(
    2,
  );
  await page.getByRole("button", { name: "Remove filter Genre: Electronic" }).click();
  await expect(page).toHaveURL("/merchandise");
  await expect(page.getByRole("heading", { name: "All Products" })).toBeVisible();

  await visit("/merchandise?artist=Luna%20Vale");
  await expect(page.getByRole("heading", { name: "Luna Vale Merchandise" })).toBeVisible();
  await page.getByRole("button", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL("/merchandise");
});

test("searches, filters by category, sorts, and resets", async ({ page, visit }) => {
  await visit("/merchandise");
  const listing = page.getByRole("region", { name: "All Products" });
  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: Low to High" });
  await expect(listing.getByRole("article").first()).toContainText("$14.99");

  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Apparel" });
  await expect(listing.getByRole("article")).toHaveCount(2);
  await expect(page.getByText("Category: Apparel")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search products" }).fill("vinyl nothing");
  await expect(page.getByText("No products found")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Reset Filters" }).click();
  await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
  await expect(listing.getByRole("article")).toHaveCount(8);

  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
});

test("adds to the cart by keyboard: variants preset, quantity floor, two lines, subtotal, checkout", async ({
  page,
  visit,
}) => {
  await visit("/merchandise");
  const listing = page.getByRole("region", { name: "All Products" });
  await listing.getByRole("button", { name: "Quick View Waveform Club Tee" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Waveform Club Tee" });
  await expect(dialog.getByRole("combobox", { name: "Size" })).toHaveText(/S/);
  await expect(dialog.getByRole("combobox", { name: "Color" })).toHaveText(/Black/);
  await expect(dialog.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  const quantity = dialog.getByRole("textbox", { name: "Quantity" });
  await quantity.fill("abc");
  await quantity.blur();
  await expect(quantity).toHaveValue("1");
  await dialog.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("2");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("2 × Waveform Club Tee added to your cart.")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await listing.getByRole("button", { name: "Quick View Waveform Club Tee" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Add to Cart" }).click();
  await listing.getByRole("button", { name: "Quick View Genre Map Poster" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Add to Cart" }).click();

  await page.getByRole("button", { name: /^Cart\s*4\s*items$/ }).click();
  const cartDialog = page.getByRole("dialog", { name: "Your Cart" });
  await expect(cartDialog.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(3);
  await expect(cartDialog.getByText("Size: S, Color: Black · Qty 2")).toBeVisible();
  await expect(cartDialog).toContainText("Subtotal$114.96");
  await expect(cartDialog).toContainText("Calculated at checkout");
  await cartDialog.getByRole("button", { name: "Remove Waveform Club Tee" }).first().click();
  await expect(cartDialog).toContainText("Subtotal$54.98");
  await cartDialog.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByText("Checkout feature coming soon")).toBeVisible();
  await expect(page.getByText("This feature is currently under development.")).toBeVisible();
});

test("?id= opens that product's dialog", async ({ page }) => {
  await page.goto("/merchandise?id=genre-map-poster");
  const dialog = page.getByRole("dialog", { name: "Genre Map Poster" });
  await expect(dialog.getByRole("combobox", { name: "Size" })).toHaveText(/18x24 inches/);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL("/merchandise");
});
