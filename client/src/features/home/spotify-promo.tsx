import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { paths } from "../../lib/paths";

/** The landing page's closing banner: save our playlists to Spotify with the playlist creator. */
export function SpotifyPromo() {
  return (
    <section
      aria-labelledby="marketing-heading"
      className="rounded-3xl bg-primary p-8 text-primary-foreground sm:p-12"
    >
      <h2 id="marketing-heading" className="font-bold text-3xl">
        Save our playlists to your Spotify
      </h2>
      <p className="mt-2 max-w-2xl">
        Connect your account once and add any curated playlist to your library.
      </p>
      <Button variant="secondary" className="mt-6" asChild>
        <Link to={paths.playlistCreator}>Create a playlist</Link>
      </Button>
    </section>
  );
}
