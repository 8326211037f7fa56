import type { Playlist } from "@waveform/contracts/playlists";
import { EmptyNotice } from "../../components/media/notices";
import { PlaylistCard } from "./playlist-card";

export function PlaylistGrid({
  playlists,
  empty = "No playlists found",
}: {
  playlists: Playlist[];
  empty?: string;
}) {
  if (playlists.length === 0) return <EmptyNotice>{empty}</EmptyNotice>;
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {playlists.map((playlist) => (
        <PlaylistCard key={playlist.id} playlist={playlist} />
      ))}
    </div>
  );
}
