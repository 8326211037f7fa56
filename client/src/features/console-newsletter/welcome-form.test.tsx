import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { WelcomeSettings } from "@waveform/contracts/newsletter-issues";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { WelcomeForm } from "./welcome-form";

afterEach(() => vi.unstubAllGlobals());

function renderForm(refuse = false) {
  const saved: WelcomeSettings[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (_input, init) => {
      if (init?.method !== "PUT")
        return Response.json({ enabled: false, subject: "Welcome", body: "Hello **there**" });
      if (refuse) return Response.json({ error: "The database is busy" }, { status: 503 });
      const body = JSON.parse(String(init.body)) as WelcomeSettings;
      saved.push(body);
      return Response.json(body);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WelcomeForm canEdit />
    </QueryClientProvider>,
  );
  return { saved, user: userEvent.setup({ delay: null }) };
}

describe("the welcome mail", () => {
  it("says what is missing, then saves the fields as the contract reads them and says so", async () => {
    const { saved, user } = renderForm();
    const subject = await screen.findByRole("textbox", { name: "Subject" });
    await user.clear(subject);
    await user.click(screen.getByRole("button", { name: "Save the welcome mail" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Subject is required");
    expect(saved).toEqual([]);

    await user.type(subject, "  Hello from the club ");
    await user.click(screen.getByRole("checkbox", { name: /Send a welcome mail/ }));
    await user.click(screen.getByRole("button", { name: "Save the welcome mail" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Welcome mail saved and on.");
    expect(saved).toEqual([{ enabled: true, subject: "Hello from the club", body: "Hello **there**" }]);
  });

  it("keeps what was typed when the save is refused, and says why", async () => {
    const { user } = renderForm(true);
    await user.click(await screen.findByRole("button", { name: "Save the welcome mail" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Not saved: /);
    expect(screen.getByRole("textbox", { name: "Subject" })).toHaveValue("Welcome");
  });
});
