import { describe, expect, it } from "vitest";
import { fillPath } from "./endpoint";

describe("fillPath", () => {
  it("fills and encodes path parameters", () => {
    expect(fillPath("/api/genres/:id/playlists", { id: "r&b / soul" })).toBe(
      "/api/genres/r%26b%20%2F%20soul/playlists",
    );
    expect(fillPath("/api/playlists/:id", { id: 7 })).toBe("/api/playlists/7");
  });

  it("refuses a missing parameter", () => {
    expect(() => fillPath("/api/playlists/:id")).toThrow(/Missing path parameter "id"/);
  });
});
