import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { classGroup, MERGED_LIMIT, mergeClasses, mergedListsKept } from "./class-merge";
// Every distinct class list the server built while rendering the site's pages (the sitemap's 121
// addresses, a search, filters, a product, a 404), recorded through cn() in November 2026.
import recorded from "./class-merge.fixtures.json";

describe("mergeClasses", () => {
  it("gives tailwind-merge's answer for every class list the site's pages build", () => {
    const differing = (recorded as string[]).filter((list) => mergeClasses(list) !== twMerge(list));
    expect(differing).toEqual([]);
  });

  it.each([
    ["rounded-xl border bg-card rounded-2xl", "border bg-card rounded-2xl"],
    ["p-5 flex px-4", "p-5 flex px-4"],
    ["px-4 py-2 p-3", "p-3"],
    ["size-10 w-4 size-8", "size-8"],
    ["size-8 h-4", "size-8 h-4"],
    ["text-sm text-muted-foreground text-base", "text-muted-foreground text-base"],
    ["leading-tight text-lg", "text-lg"],
    ["hover:bg-accent bg-primary hover:bg-primary/90", "bg-primary hover:bg-primary/90"],
    ["sm:hover:p-2 hover:sm:p-4", "hover:sm:p-4"],
    ["[&_svg]:size-4 [&_svg]:size-5 size-4", "[&_svg]:size-5 size-4"],
    ["mt-6 outline-none mt-0 data-[state=inactive]:hidden", "outline-none mt-0 data-[state=inactive]:hidden"],
    ["border border-dashed border-2 border-primary", "border-dashed border-2 border-primary"],
    ["flex hidden", "hidden"],
    ["!p-2 p-4", "!p-2 p-4"],
    ["font-bold font-mono font-semibold", "font-mono font-semibold"],
    ["a-class  another   a-class", "a-class another a-class"],
  ])("%s → %s, as tailwind-merge", (list, merged) => {
    expect(twMerge(list)).toBe(merged);
    expect(mergeClasses(list)).toBe(merged);
  });

  it("keeps a class it does not know, and tells size from colour", () => {
    expect(classGroup("animate-pulse")).toBeNull();
    expect(classGroup("text-2xl")).toBe("font-size");
    expect(classGroup("text-primary-foreground")).toBe("text-color");
    expect(classGroup("border-t")).toBe("border-w-t");
    expect(classGroup("border-t-primary")).toBe("border-color-t");
    expect(classGroup("-mt-2")).toBe("mt");
  });

  it("answers a list it has merged before as it did the first time", () => {
    const lists = recorded as string[];
    const first = lists.map((list) => mergeClasses(list));
    expect(lists.map((list) => mergeClasses(list))).toEqual(first);
    expect(first).toEqual(lists.map((list) => twMerge(list)));
  });

  it("keeps at most MERGED_LIMIT answers, however many lists it is given, and still answers the old ones", () => {
    for (let n = 0; n < MERGED_LIMIT * 2; n++) mergeClasses(`p-${n} px-2 made-up-${n}`);
    expect(mergedListsKept()).toBe(MERGED_LIMIT);
    // The first lists were dropped to make room: merged again, they get the same answer.
    expect(mergeClasses("p-0 px-2 made-up-0")).toBe("p-0 px-2 made-up-0");
    expect(mergeClasses("px-2 p-0 made-up-0")).toBe("p-0 made-up-0");
  });
});
