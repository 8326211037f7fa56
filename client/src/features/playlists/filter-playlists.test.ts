import type { Playlist } from "@waveform/contracts/playlists";
import { describe, expect, it } from "vitest";
import { filterPlaylists } from "./filter-playlists";

const playlist = (
  id: number,
  title: string,
  genre: string,
  platform: Playlist["platform"],
  description = "",
) => ({ id, title, genre, platform, description }) as Playlist;

const all = [
  playlist(1, "Late Night Circuits", "Electronic", "Spotify", "Deep house after midnight"),
  playlist(2, "Golden Era", "Hip Hop", "YouTube Music", "Boom bap classics"),
  playlist(3, "Soul Sunday", "R&B", "Apple Music", "Motown and Stax"),
];

describe("filterPlaylists", () => {
  it("matches title, description and genre, ignoring case", () => {
    expect(filterPlaylists(all, "circuits", "all").map((p) => p.id)).toEqual([1]);
    expect(filterPlaylists(all, "BOOM", "all").map((p) => p.id)).toEqual([2]);
    expect(filterPlaylists(all, "r&b", "all").map((p) => p.id)).toEqual([3]);
    expect(filterPlaylists(all, "  ", "all")).toHaveLength(3);
  });

  it("filters by exact platform name and combines with the search", () => {
    expect(filterPlaylists(all, "", "spotify").map((p) => p.id)).toEqual([1]);
    expect(filterPlaylists(all, "soul", "spotify")).toEqual([]);
    expect(filterPlaylists(all, "soul", "apple-music").map((p) => p.id)).toEqual([3]);
  });
});
