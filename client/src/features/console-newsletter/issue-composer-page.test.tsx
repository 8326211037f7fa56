import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsoleIssue } from "@waveform/contracts/newsletter-issues";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { IssueComposerPage } from "./issue-composer-page";

afterEach(() => vi.unstubAllGlobals());

const issue = (overrides: Partial<ConsoleIssue> = {}): ConsoleIssue => ({
  id: 7,
  title: "Friday picks",
  slug: "friday-picks",
  intro: "Hello",
  sections: [],
  state: "draft",
  version: 3,
  scheduledAt: null,
  publishedAt: null,
  sentAt: null,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  ...overrides,
});

const preview = { subject: "Friday picks", html: "<p>mail</p>", text: "plain words", webHtml: "<p>web</p>" };

function renderPage(isAdmin: boolean, api: (url: string, init?: RequestInit) => Response | undefined) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = api(url, init);
      if (answer) return answer;
      if (url.endsWith("/preview")) return Response.json(preview);
      if (url.endsWith("/suggestions"))
        return Response.json({
          since: null,
          suggestions: [
            {
              type: "playlist",
              id: 12,
              title: "Modern Minimalists",
              subtitle: "Ada",
              imageUrl: null,
              addedAt: "2026-11-26T00:00:00.000Z",
            },
          ],
        });
      return Response.json({ error: `unexpected ${method} ${url}` }, { status: 500 });
    }),
  );
  const router = createMemoryRouter([{ path: "*", element: <IssueComposerPage id={7} isAdmin={isAdmin} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup({ delay: null }) };
}

describe("the issue composer", () => {
  it("autosaves an editor's text and blocks over the version it loaded, previews it; an editor gets no send controls", async () => {
    let version = 3;
    const { calls, user } = renderPage(false, (url, init) => {
      if (!url.endsWith("/api/admin/newsletter/issues/7")) return undefined;
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as ConsoleIssue;
        version += 1;
        return Response.json(issue({ ...body, version }));
      }
      return Response.json(issue());
    });
    const intro = await screen.findByRole("textbox", { name: "Intro (Markdown)" });
    expect(await screen.findByTitle("The mail as subscribers see it")).toHaveAttribute("sandbox", "");
    await user.type(intro, " there");
    await user.click(screen.getByRole("button", { name: "Add Modern Minimalists" }));
    expect(screen.getByText("Unsaved changes")).toBeVisible();
    expect(await screen.findByText("Saved", {}, { timeout: 3_000 })).toBeVisible();
    const saves = calls.filter((call) => call.method === "PUT");
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({
      title: "Friday picks",
      slug: "friday-picks",
      intro: "Hello there",
      sections: [{ type: "playlist", id: 12 }],
      version: 3,
    });
    expect(screen.getByRole("button", { name: "Added Modern Minimalists" })).toBeDisabled();
    expect(screen.getByText("Playlist:")).toBeVisible();
    // An editor sees why sending is not theirs, and no send control.
    expect(screen.getByText(/Only an administrator may send, schedule or pause an issue/)).toBeVisible();
    expect(screen.queryByRole("button", { name: /Send now/ })).toBeNull();
  });

  it("keeps the editor's text on a conflict and saves it over theirs when asked", async () => {
    let conflicted = false;
    const { calls, user } = renderPage(false, (url, init) => {
      if (!url.endsWith("/api/admin/newsletter/issues/7")) return undefined;
      if (init?.method === "PUT") {
        if (!conflicted) {
          conflicted = true;
          return Response.json({ error: "This issue was saved elsewhere." }, { status: 409 });
        }
        return Response.json(issue({ intro: "Hello, mine", version: 6 }));
      }
      // After the conflict the server holds their version 5.
      return Response.json(issue(conflicted ? { intro: "Theirs", version: 5 } : {}));
    });
    const intro = await screen.findByRole("textbox", { name: "Intro (Markdown)" });
    await user.type(intro, ", mine");
    const alert = await screen.findByRole("alert", {}, { timeout: 3_000 });
    expect(alert).toHaveTextContent("this issue was changed elsewhere");
    expect(alert).toHaveTextContent("This issue was saved elsewhere.");
    expect(intro).toHaveValue("Hello, mine");
    await user.click(within(alert).getByRole("button", { name: "Keep my version" }));
    expect(await screen.findByText("Saved")).toBeVisible();
    const saves = calls.filter((call) => call.method === "PUT");
    expect(saves.map((save) => (save.body as { version: number }).version)).toEqual([3, 5]);
    expect(saves[1]?.body).toMatchObject({ intro: "Hello, mine" });
  });

  // Issue 43, item 14.
  it("sends and schedules the version on screen; a newer save elsewhere is refused with the conflict message", async () => {
    const { calls, user } = renderPage(true, (url, init) => {
      if (url.endsWith("/send"))
        return Response.json(
          { error: "Someone else saved this issue meanwhile; reload it to see their changes." },
          { status: 409 },
        );
      if (!url.endsWith("/api/admin/newsletter/issues/7")) return undefined;
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as ConsoleIssue;
        return Response.json(issue({ ...body, version: body.version + 1 }));
      }
      return Response.json(issue());
    });
    const intro = await screen.findByRole("textbox", { name: "Intro (Markdown)" });
    await user.click(screen.getByRole("button", { name: "Send now to every confirmed subscriber" }));
    await user.click(
      within(screen.getByRole("group", { name: "Confirm sending" })).getByRole("button", {
        name: "Yes, send now",
      }),
    );
    const alert = await screen.findByText(/Someone else saved this issue meanwhile/);
    expect(alert).toHaveAttribute("role", "alert");
    // What the admin typed is saved first (version 4), and that version is the one sent.
    await user.type(intro, " again");
    fireEvent.change(screen.getByLabelText("Send at (your local time)"), {
      target: { value: "2099-01-01T10:00" },
    });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    const sends = () => calls.filter((call) => call.url.endsWith("/send")).map((call) => call.body);
    await vi.waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends()[0]).toEqual({ version: 3 });
    expect(sends()[1]).toEqual({ version: 4, at: new Date("2099-01-01T10:00").toISOString() });
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1);
    expect(await screen.findByText(/Someone else saved this issue meanwhile/)).toHaveAttribute(
      "role",
      "alert",
    );
  });

  it("shows an admin the progress of an issue going out, with Pause", async () => {
    renderPage(true, (url) => {
      if (url.endsWith("/progress"))
        return Response.json({ state: "sending", total: 10, sent: 4, pending: 5, failed: 1, suppressed: 0 });
      if (url.endsWith("/api/admin/newsletter/issues/7"))
        return Response.json(issue({ state: "sending", publishedAt: "2026-11-27T10:00:00.000Z" }));
      return undefined;
    });
    const progress = await screen.findByRole("progressbar", { name: "Sending progress" });
    expect(progress).toHaveAttribute("value", "5");
    expect(progress).toHaveAttribute("max", "10");
    expect(screen.getByText("Pending").nextElementSibling).toHaveTextContent("5");
    expect(screen.getByRole("button", { name: "Pause" })).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Intro (Markdown)" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "View in the archive" })).toHaveAttribute(
      "href",
      "/newsletter/issues/friday-picks",
    );
  });
});
