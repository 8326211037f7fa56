import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { ActivityFiltersForm } from "./activity-filters";

const options = { entities: ["playlist"], operators: [{ id: 4, email: "ed@club.test" }] };

/**
 * Chooses an operator in the commit that puts the form in the page, before the form's own effects
 * run: what a visitor's choice looks like when it lands the moment the page hydrates.
 */
function ChooseAtOnce() {
  useLayoutEffect(() => {
    const who = screen.getByRole("combobox", { name: "Who" }) as HTMLSelectElement;
    who.value = "4";
    who.dispatchEvent(new Event("change", { bubbles: true }));
  }, []);
  return null;
}

describe("ActivityFiltersForm", () => {
  it("keeps a choice made as the form arrives: its start-up does not put the address's filters back over it", async () => {
    const onApply = vi.fn();
    render(
      <>
        <ActivityFiltersForm filters={{}} options={options} onApply={onApply} />
        <ChooseAtOnce />
      </>,
    );
    expect(screen.getByRole("combobox", { name: "Who" })).toHaveValue("4");
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith({ entity: "", operator: "4", from: "", to: "" });
  });

  it("starts from the filters in the address", () => {
    render(
      <ActivityFiltersForm
        filters={{ entity: "playlist", operator: "4", from: "2026-11-20" }}
        options={options}
        onApply={() => {}}
      />,
    );
    expect(screen.getByRole("combobox", { name: "What" })).toHaveValue("playlist");
    expect(screen.getByRole("combobox", { name: "Who" })).toHaveValue("4");
    expect(screen.getByLabelText("From (day)")).toHaveValue("2026-11-20");
    expect(screen.getByLabelText("To (day)")).toHaveValue("");
  });
});
