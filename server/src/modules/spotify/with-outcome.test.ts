import { describe, expect, it } from "vitest";
import { withOutcome } from "./spotify-auth.routes";

describe("withOutcome", () => {
  it.each([
    ["/spotify-test", "/spotify-test?spotify=connected"],
    ["/playlist-creator?from=hub", "/playlist-creator?from=hub&spotify=connected"],
    ["/playlist/3#save", "/playlist/3?spotify=connected#save"],
    ["/spotify-test?spotify=failed", "/spotify-test?spotify=connected"],
    ["/.//evil.example", "/.//evil.example?spotify=connected"],
  ])("adds the outcome to %s", (returnTo, expected) => {
    expect(withOutcome(returnTo, "connected")).toBe(expected);
  });
});
