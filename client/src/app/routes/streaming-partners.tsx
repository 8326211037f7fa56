import { Check, Quote } from "lucide-react";
import { PageShell } from "../../components/layout/page-shell";
import { FallbackImage } from "../../components/media/fallback-image";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";
import {
  logAffiliateClick,
  partnerFaq,
  partners,
  type StreamingPartner,
} from "../../features/partners/partners.data";
import { siteConfig } from "../../lib/site-config";

function AffiliateLink({
  partner,
  className,
  children,
}: {
  partner: StreamingPartner;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <a
      href={partner.affiliateUrl}
      target="_blank"
      rel="noopener sponsored"
      onClick={() => logAffiliateClick(partner)}
      className={className}
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const testimonials = [
  {
    quote: "I tried Apple Music through their link for the lossless audio and never went back.",
    name: "Priya S., Chicago",
  },
  {
    quote: "Their comparison made choosing easy, and the playlists came with me to Spotify.",
    name: "Marcus T., Leeds",
  },
];

export function Component() {
  return (
    <PageShell
      title="Streaming Partners"
      lead="Every service we curate for, side by side. Start a free trial through our links and support independent curation."
    >
      <p className="mt-4 rounded-lg border bg-muted/50 p-4 text-muted-foreground text-sm">
        Disclosure: {siteConfig.name} may earn a commission when you sign up through the links on this page,
        at no extra cost to you.
      </p>

      <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {partners.map((partner) => (
          <li key={partner.id} className="flex flex-col rounded-2xl border bg-card p-6">
            <FallbackImage
              src={partner.imageUrl}
              alt={`${partner.name} logo`}
              width={48}
              height={48}
              className="size-12"
            />
            <h2 className="mt-4 font-bold text-xl">{partner.name}</h2>
            <p className="mt-1 font-semibold text-2xl">{partner.price}</p>
            <p className="font-medium text-primary text-sm">{partner.freeTrial}</p>
            <p className="mt-3 text-muted-foreground text-sm">{partner.description}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {partner.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <AffiliateLink
              partner={partner}
              className={`mt-6 inline-flex h-10 items-center justify-center rounded-md px-4 font-medium text-sm text-white ${partner.primaryColor} hover:opacity-90`}
            >
              {partner.ctaText}
            </AffiliateLink>
          </li>
        ))}
      </ul>

      <div className="mt-16 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="premium-heading">
          <h2 id="premium-heading" className="font-bold text-2xl">
            Why Go Premium
          </h2>
          <p className="mt-2 text-muted-foreground">
            No ads between songs, offline listening for the commute, better sound and unlimited skips: premium
            is how most of our curators listen, and how artists earn the most per stream.
          </p>
        </section>
        <section aria-labelledby="partnership-heading">
          <h2 id="partnership-heading" className="font-bold text-2xl">
            Our Partnership
          </h2>
          <p className="mt-2 text-muted-foreground">
            We only partner with services we use ourselves. Commissions keep our playlists free and our
            curators paid; they never decide what we recommend.
          </p>
        </section>
        <section aria-labelledby="choose-heading">
          <h2 id="choose-heading" className="font-bold text-2xl">
            Which Platform to Choose
          </h2>
          <p className="mt-2 text-muted-foreground">
            Want our playlists in one click? Spotify. Care about sound quality? Apple Music or Amazon Music
            Unlimited. Love live sets and remixes? YouTube Music.
          </p>
        </section>
      </div>

      <section aria-labelledby="faq-heading" className="mt-16 max-w-3xl">
        <h2 id="faq-heading" className="font-bold text-2xl">
          Frequently Asked Questions
        </h2>
        <Accordion type="single" collapsible className="mt-4">
          {partnerFaq.map((item) => (
            <AccordionItem key={item.question} value={item.question}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>{item.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>

      <section aria-labelledby="testimonials-heading" className="mt-16">
        <h2 id="testimonials-heading" className="font-bold text-2xl">
          What Listeners Say
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {testimonials.map((item) => (
            <figure key={item.name} className="rounded-2xl border bg-card p-6">
              <Quote className="size-6 text-primary" aria-hidden="true" />
              <blockquote className="mt-3 text-lg">{item.quote}</blockquote>
              <figcaption className="mt-3 text-muted-foreground text-sm">{item.name}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section
        aria-labelledby="partners-cta-heading"
        className="mt-16 rounded-3xl bg-primary p-8 text-primary-foreground sm:p-12"
      >
        <h2 id="partners-cta-heading" className="font-bold text-3xl">
          Start listening today
        </h2>
        <p className="mt-2 max-w-2xl">
          Every partner offers a free trial. Pick one and bring our playlists with you.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {partners.map((partner) => (
            <AffiliateLink
              key={partner.id}
              partner={partner}
              className="inline-flex h-10 items-center rounded-md bg-background px-4 font-medium text-foreground text-sm hover:bg-background/90"
            >
              {partner.name}
            </AffiliateLink>
          ))}
        </div>
      </section>
    </PageShell>
  );
}
