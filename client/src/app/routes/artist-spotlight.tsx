import { BUILT_BY_SERVER } from "../../components/layout/page-head";
import { PageShell } from "../../components/layout/page-shell";
import { ArtistTabs } from "../../features/spotlight/artist-tabs";
import { spotlightArtists } from "../../features/spotlight/spotlight-artists.data";
import { SubmissionInvite } from "../../features/spotlight/submission-invite";
import { HydrationRegion } from "../../lib/hydration-region";
import { paths } from "../../lib/paths";
import { homeBreadcrumbs } from "../../lib/structured-data";
import { spotlightArtist } from "../../lib/structured-data-editorial";

export function Component() {
  return (
    <PageShell
      title="Emerging Artists"
      lead="Four artists our curators can't stop playing, and the records that won us over."
      structuredData={
        import.meta.env.SSR
          ? [
              ...spotlightArtists.map(spotlightArtist),
              homeBreadcrumbs("Emerging Artists", paths.artistSpotlight),
            ]
          : BUILT_BY_SERVER
      }
    >
      <HydrationRegion>
        <ArtistTabs />
      </HydrationRegion>
      <HydrationRegion>
        <SubmissionInvite />
      </HydrationRegion>
    </PageShell>
  );
}
