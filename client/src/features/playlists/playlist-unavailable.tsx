import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { ApiRequestError } from "../../lib/api/errors";
import { useNotFoundStatus } from "../../lib/page-status";
import { paths } from "../../lib/paths";

/** A playlist that cannot be shown: 'Playlist Not Found' for an unknown id, else the error said. */
export function PlaylistUnavailable({ error }: { error: Error }) {
  const notFound = error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
  useNotFoundStatus(notFound);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <PageHead title={notFound ? "Playlist Not Found" : "Error loading playlist"} noindex />
      <h1 className="font-bold text-3xl">{notFound ? "Playlist Not Found" : "Error loading playlist"}</h1>
      <div className="mt-6 text-left">
        {!notFound && <ErrorNotice title="Error loading playlist" message={error.message} />}
      </div>
      <Button asChild className="mt-6">
        <Link to={paths.playlists}>Back to Playlists</Link>
      </Button>
    </div>
  );
}
