import { PageShell } from "../../components/layout/page-shell";
import { PlaylistBrowser } from "../../features/playlists/playlist-browser";
import { RelatedMerch } from "../../features/shop/related-merch";

export function Component() {
  return (
    <PageShell title="Playlists" lead="Every playlist our curators keep up to date, on the platform you use.">
      <PlaylistBrowser />
      <RelatedMerch
        headingId="related-merch-heading"
        title="Related Merchandise"
        link={{ to: "/merchandise", label: "Visit the shop" }}
        className="mt-16"
      />
    </PageShell>
  );
}
