import { describe, expect, it } from "vitest";
import { matchPageRoute, pageRoutes } from "./routes";

describe("matchPageRoute", () => {
  it("matches every pattern of the route table by itself", () => {
    for (const [id, pattern] of Object.entries(pageRoutes)) {
      expect(matchPageRoute(pattern.replaceAll(/:[a-z]+/gi, "x"))).toBe(id);
    }
  });

  it.each([
    ["/", "home"],
    ["/genre/R%26B", "genreByName"],
    ["/genres/hip-hop", "genreDetail"],
    ["/genres/", "genres"],
    ["/playlist/42", "playlistDetail"],
    ["/releases", "releases"],
  ])("%s is the %s page", (path, id) => {
    expect(matchPageRoute(path)).toBe(id);
  });

  it.each(["/nope", "/genres/rock/extra", "/playlist", "/api/genres", "/merchandise/1"])(
    "%s is not a page",
    (path) => {
      expect(matchPageRoute(path)).toBeNull();
    },
  );
});
