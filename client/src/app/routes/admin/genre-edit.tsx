import { useParams } from "react-router";
import { consoleGenreQuery } from "../../../features/console-genres/console-genres.queries";
import { EditGenrePage } from "../../../features/console-genres/edit-genre-page";
import type { RouteQueries } from "../../route-data";
import { Component as NotFound } from "./not-found";

export function Component() {
  const { id = "" } = useParams();
  // Only a positive whole number names a genre here (as the API's own rule).
  if (!/^[1-9]\d{0,8}$/.test(id)) return <NotFound />;
  return <EditGenrePage key={id} id={Number(id)} />;
}

export const queries: RouteQueries = ({ params }) =>
  /^[1-9]\d{0,8}$/.test(params.id ?? "") ? [consoleGenreQuery(Number(params.id))] : [];
