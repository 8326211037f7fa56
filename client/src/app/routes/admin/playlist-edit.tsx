import { useParams } from "react-router";
import { EditPlaylistPage } from "../../../features/console-playlists/edit-playlist-page";
import { Component as NotFound } from "./not-found";

export function Component() {
  const { id = "" } = useParams();
  // Only a positive whole number names a playlist (as the API's own rule).
  if (!/^[1-9]\d{0,8}$/.test(id)) return <NotFound />;
  return <EditPlaylistPage key={id} id={Number(id)} />;
}
