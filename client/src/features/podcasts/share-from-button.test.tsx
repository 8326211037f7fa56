import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ShareFromButton, shareAddress } from "./share-from-button";

describe("shareAddress", () => {
  it("is the page's address with ?t= of the position as m:ss, replacing any earlier ?t= or hash", () => {
    expect(shareAddress("https://club.test/podcasts/cue-sheet/12", 83.9)).toBe(
      "https://club.test/podcasts/cue-sheet/12?t=1:23",
    );
    expect(shareAddress("https://club.test/podcasts/cue-sheet/12?t=0:10#transcript", 3725)).toBe(
      "https://club.test/podcasts/cue-sheet/12?t=1:02:05",
    );
  });

  it("has no ?t= at the start", () => {
    expect(shareAddress("https://club.test/podcasts/cue-sheet/12?t=5", 0.4)).toBe(
      "https://club.test/podcasts/cue-sheet/12",
    );
  });
});

describe("ShareFromButton", () => {
  it("shares from the page's own start (?t=) before the episode has played", () => {
    render(<ShareFromButton episodeId={987654} startAt={10} />);
    expect(screen.getByRole("button", { name: "Share from 0:10" })).toBeTruthy();
  });

  it("shares from the start when the page has none and nothing has played", () => {
    render(<ShareFromButton episodeId={987655} />);
    expect(screen.getByRole("button", { name: "Share from 0:00" })).toBeTruthy();
  });
});
