import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "../../lib/notify";
import { ThemeProvider } from "../layout/theme-provider";
import { ToasterHost } from "./toaster-host";

describe("ToasterHost", () => {
  it("loads the toaster on the first notification and shows it", async () => {
    render(
      <ThemeProvider>
        <ToasterHost />
      </ThemeProvider>,
    );
    expect(screen.queryByText("Link copied")).toBeNull();
    await notify("success", "Link copied", { description: "https://example.test/playlist/1" });
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    expect(screen.getByText("https://example.test/playlist/1")).toBeInTheDocument();
  });
});
