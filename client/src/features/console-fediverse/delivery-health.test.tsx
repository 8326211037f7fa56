import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InstanceHealth } from "@waveform/contracts/fediverse-console";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { DeliveryHealth } from "./delivery-health";

afterEach(() => vi.unstubAllGlobals());

const down: InstanceHealth = {
  instance: "down.example",
  waiting: 0,
  failing: 3,
  gaveUp: 1,
  lastError: "503 Service Unavailable",
  lastAttemptAt: "2026-11-28T05:00:00.000Z",
};
const slow: InstanceHealth = {
  instance: "slow.example",
  waiting: 40,
  failing: 0,
  gaveUp: 0,
  lastError: null,
  lastAttemptAt: null,
};

function renderHealth(instances: InstanceHealth[]) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return Response.json({ retried: 4 });
      }
      expect(String(input)).toContain("/api/admin/fediverse/deliveries");
      return Response.json({ queue: { queued: 44, ready: 40, delayed: 4 }, instances });
    }),
  );
  const onResult = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeliveryHealth onResult={onResult} />
    </QueryClientProvider>,
  );
  return { posted, onResult, user: userEvent.setup({ delay: null }) };
}

describe("DeliveryHealth", () => {
  it("shows per instance what waits, what is retried and given up, and the last error", async () => {
    renderHealth([down, slow]);
    const table = await screen.findByRole("table", { name: "Instances with deliveries waiting or failed" });
    const [, first, second] = within(table).getAllByRole("row") as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0", "3", "1", "503 Service Unavailable2026-11-28 05:00 UTC", "Retry now"]);
    // Only waiting: nothing failed, so no error and nothing to retry.
    expect(within(second as HTMLElement).getByText("None: on its way")).toBeVisible();
    expect(within(second as HTMLElement).queryByRole("button")).toBeNull();
    expect(
      screen.getByText("In the queue: 44 message(s), 4 of them waiting for a later attempt."),
    ).toBeVisible();
  });

  it("tries an instance's failed deliveries again on 'Retry now', and says so", async () => {
    const { posted, onResult, user } = renderHealth([down]);
    await user.click(await screen.findByRole("button", { name: "Retry now: down.example" }));
    await vi.waitFor(() =>
      expect(onResult).toHaveBeenCalledWith("4 delivery(ies) to down.example are being tried again now."),
    );
    expect(posted).toEqual([{ instance: "down.example" }]);
  });

  it("says when nothing waits", async () => {
    renderHealth([]);
    expect(await screen.findByText("Nothing waits: every instance has taken its deliveries.")).toBeVisible();
  });
});
