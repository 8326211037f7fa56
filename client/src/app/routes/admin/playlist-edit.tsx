import { useParams } from "react-router";
import {
  consolePlaylistQuery,
  genreChoicesQuery,
} from "../../../features/console-playlists/console-playlists.queries";
import { EditPlaylistPage } from "../../../features/console-playlists/edit-playlist-page";
import type { RouteQueries } from "../../route-data";
import { Component as NotFound } from "./not-found";

export function Component() {
  const { id = "" } = useParams();
  // Only a positive whole number names a playlist (as the API's own rule).
  if (!/^[1-9]\d{0,8}$/.test(id)) return <NotFound />;
  return <EditPlaylistPage key={id} id={Number(id)} />;
}

export const queries: RouteQueries = ({ params }) =>
  /^[1-9]\d{0,8}$/.test(params.id ?? "") ? [consolePlaylistQuery(Number(params.id)), genreChoicesQuery] : [];
