import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { ClubHandleForm } from "./club-handle-form";

afterEach(() => vi.unstubAllGlobals());

/**
 * Types a handle in the commit that puts the form in the page, before the form's own effects run:
 * what typing looks like when it lands the moment the page hydrates.
 */
function TypeAtOnce() {
  useLayoutEffect(() => {
    const field = screen.getByRole("textbox", { name: /^Handle/ }) as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, "waveform");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }, []);
  return null;
}

describe("ClubHandleForm", () => {
  it("keeps what was typed as the form arrives, and saves it", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>().mockImplementation(async (_input, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({
          account: {
            identifier: "club",
            kind: "club",
            handle: "waveform",
            address: "@waveform@club.test",
            manuallyApproves: false,
            followers: 0,
            pending: 0,
          },
        });
      }),
    );
    const onResult = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ClubHandleForm handle="club" host="club.test" onResult={onResult} />
        <TypeAtOnce />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("textbox", { name: /^Handle/ })).toHaveValue("waveform");
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Save handle" }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith("The club is now @waveform@club.test."));
    expect(sent).toEqual([{ handle: "waveform" }]);
  });
});
