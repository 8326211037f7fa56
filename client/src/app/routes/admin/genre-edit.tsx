import { useParams } from "react-router";
import { EditGenrePage } from "../../../features/console-genres/edit-genre-page";
import { Component as NotFound } from "./not-found";

export function Component() {
  const { id = "" } = useParams();
  // Only a positive whole number names a genre here (as the API's own rule).
  if (!/^[1-9]\d{0,8}$/.test(id)) return <NotFound />;
  return <EditGenrePage key={id} id={Number(id)} />;
}
