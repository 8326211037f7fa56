import type { PageRouteId } from "@waveform/contracts/routes";
import { describe, expect, it } from "vitest";
import { screenFiles, screens } from "./router";

describe("the screens' files, by which the server names a page's code", () => {
  it("name, for every page route, the module its screen is imported from", async () => {
    for (const id of Object.keys(screens) as PageRouteId[]) {
      const imported = await screens[id]();
      const named = await import(`./routes/${screenFiles[id]}.tsx`);
      expect(named, `${id} is imported from another file than routes/${screenFiles[id]}.tsx`).toBe(imported);
    }
  }, 60_000);
});
