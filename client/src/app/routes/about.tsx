import { PageShell } from "../../components/layout/page-shell";
import { SocialLinks } from "../../components/layout/social-links";
import { FallbackImage } from "../../components/media/fallback-image";
import { ContactUs, JoinCommunity } from "../../features/about/get-in-touch";
import { Pillars } from "../../features/about/pillars";
import { MeetOurTeam } from "../../features/about/team";
import { siteConfig } from "../../lib/site-config";

export function Component() {
  return (
    <PageShell
      title={`About ${siteConfig.name}`}
      lead={`Founded in 2025, ${siteConfig.name} works with streaming platforms, labels and independent artists to help listeners discover music across every genre.`}
    >
      <SocialLinks label="Follow us" className="mt-6 flex gap-2" />

      <FallbackImage
        src="/art/site/team.svg"
        fallback="/fallback/hero.svg"
        alt={`The ${siteConfig.name} team`}
        width={1600}
        height={900}
        loading="eager"
        className="mt-10 aspect-[16/9] w-full rounded-3xl object-cover"
      />

      <Pillars />
      <MeetOurTeam />
      <JoinCommunity />
      <ContactUs />
    </PageShell>
  );
}
