import { paths } from "../../lib/paths";

/** The header links, in order (no charts link), shared by the desktop bar and the compact menu. */
export const navLinks = [
  { label: "Home", to: paths.home },
  { label: "Genres", to: paths.genres },
  { label: "Playlists", to: paths.playlists },
  { label: "Podcasts", to: paths.podcasts },
  { label: "Merchandise", to: paths.merchandise },
  { label: "Streaming Partners", to: paths.streamingPartners },
  { label: "Artist Spotlight", to: paths.artistSpotlight },
  { label: "DJ Resources", to: paths.djSection },
  { label: "Create Playlist", to: paths.playlistCreator },
  { label: "Spotify Test", to: paths.spotifyTest },
] as const;

export const footerQuickLinks = [
  { label: "About", to: paths.about },
  { label: "Genres", to: paths.genres },
  { label: "Playlists", to: paths.playlists },
  { label: "Podcasts", to: paths.podcasts },
] as const;
