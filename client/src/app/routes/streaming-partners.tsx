import { PageShell } from "../../components/layout/page-shell";
import { AffiliateDisclosure, PartnerCards, PartnersCta } from "../../features/partners/partner-cards";
import { ListenerTestimonials, PartnerFaq, PartnerGuide } from "../../features/partners/partner-guide";

export function Component() {
  return (
    <PageShell
      title="Streaming Partners"
      lead="Every service we curate for, side by side. Start a free trial through our links and support independent curation."
    >
      <AffiliateDisclosure />
      <PartnerCards />
      <PartnerGuide />
      <PartnerFaq />
      <ListenerTestimonials />
      <PartnersCta />
    </PageShell>
  );
}
