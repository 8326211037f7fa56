import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SearchInput } from "./search-input";

function ControlledSearch({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <SearchInput
      aria-label="Search playlists"
      placeholder="Search playlists, moods or genres"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe("SearchInput", () => {
  it("is a searchbox named by its aria-label, with the placeholder", () => {
    render(<SearchInput aria-label="Search genres" placeholder="Search genres" />);
    const box = screen.getByRole("searchbox", { name: "Search genres" });
    expect(box).toHaveAttribute("type", "search");
    expect(box).toHaveAttribute("placeholder", "Search genres");
  });

  it("can be named by a label element instead", () => {
    render(
      <>
        <label htmlFor="podcast-search">Search</label>
        <SearchInput id="podcast-search" maxLength={100} />
      </>,
    );
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveAttribute("maxlength", "100");
  });

  it("passes each typed value on and shows it", async () => {
    const onValueChange = vi.fn();
    render(<ControlledSearch onValueChange={onValueChange} />);
    const box = screen.getByRole("searchbox", { name: "Search playlists" });
    await userEvent.type(box, "jazz");
    expect(box).toHaveValue("jazz");
    expect(onValueChange).toHaveBeenLastCalledWith("jazz");
    expect(onValueChange).toHaveBeenCalledTimes(4);
    await userEvent.clear(box);
    expect(box).toHaveValue("");
    expect(onValueChange).toHaveBeenLastCalledWith("");
  });

  it("still calls a plain onChange handler", async () => {
    const onChange = vi.fn();
    render(<SearchInput aria-label="Search products" onChange={onChange} />);
    await userEvent.type(screen.getByRole("searchbox", { name: "Search products" }), "v");
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
