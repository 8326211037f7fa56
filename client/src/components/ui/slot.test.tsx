import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { Card } from "./card";

describe("asChild (Slot)", () => {
  it("lends a button's look, handler and ref to a link, the link's own handler first", async () => {
    const calls: string[] = [];
    const ref = createRef<HTMLButtonElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <Button
        asChild
        variant="outline"
        className="w-full"
        ref={ref}
        onPointerDown={() => calls.push("button")}
      >
        <a href="#top" className="mt-2" ref={linkRef} onPointerDown={() => calls.push("link")}>
          Top
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Top" });
    expect(link.className).toContain("border-input");
    expect(link.className).toMatch(/w-full mt-2$/);
    expect(link.dataset.slot).toBe("button");
    expect(ref.current as Element | null).toBe(link);
    expect(linkRef.current).toBe(link);
    await userEvent.click(link);
    expect(calls).toEqual(["link", "button"]);
  });

  it("keeps the child's element and role for a card", () => {
    render(
      <Card asChild className="p-4" style={{ color: "red" }}>
        <section aria-label="Pitch" style={{ margin: 0 }} />
      </Card>,
    );
    const section = screen.getByRole("region", { name: "Pitch" });
    expect(section.tagName).toBe("SECTION");
    expect(section.className).toBe("rounded-xl border bg-card text-card-foreground p-4");
    expect(section.getAttribute("style")).toBe("color: red; margin: 0px;");
  });
});
