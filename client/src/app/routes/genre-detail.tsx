import { useParams } from "react-router";
import { NotYetAvailable, PageShell } from "../../components/layout/page-shell";

/** Serves /genres/:genre and /genre/:name; the parameter arrives already decoded. */
export function Component() {
  const params = useParams();
  const name = params.genre ?? params.name ?? "";
  return (
    <PageShell title={name}>
      <NotYetAvailable what={`Playlists and artists for ${name}`} />
    </PageShell>
  );
}
