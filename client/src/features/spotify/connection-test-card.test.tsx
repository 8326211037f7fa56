import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "../../lib/notify";
import { createQueryClient } from "../../lib/query-client";
import { ConnectionTestCard } from "./connection-test-card";

vi.mock("../../lib/notify", () => ({ notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

async function runTest(answer: () => Promise<Response>) {
  vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockImplementation(answer));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionTestCard />
    </QueryClientProvider>,
  );
  await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Test Connection" }));
  return screen.findByTestId("connection-result");
}

describe("ConnectionTestCard", () => {
  it("a successful answer is green, with its text and toast", async () => {
    const result = await runTest(async () => Response.json({ success: true }));
    expect(result).toHaveTextContent("Connected! Spotify API is working correctly.");
    expect(result).toHaveAttribute("data-outcome", "success");
    expect(notify).toHaveBeenCalledWith("success", "Success!", {
      description: "Spotify connection is working correctly!",
    });
  });

  it("success false is red by the answer's flag, with the server's error", async () => {
    const result = await runTest(async () => Response.json({ success: false, error: "Token revoked" }));
    expect(result).toHaveTextContent("Error: Token revoked");
    expect(result).toHaveAttribute("data-outcome", "error");
    expect(notify).toHaveBeenCalledWith("error", "Connection failed", { description: "Token revoked" });
  });

  it("a request that throws is red, with its text and toast", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await runTest(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(result).toHaveTextContent("Error connecting to Spotify API. Check console for details.");
    expect(result).toHaveAttribute("data-outcome", "error");
    expect(notify).toHaveBeenCalledWith("error", "Connection error", {
      description: "Failed to test Spotify connection",
    });
  });
});
