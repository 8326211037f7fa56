import { Check } from "lucide-react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Card } from "../../components/ui/card";
import { siteConfig } from "../../lib/site-config";
import { AffiliateLink } from "./affiliate-link";
import { partners } from "./partners.data";

/** The commission disclosure that must stand above the affiliate links. */
export function AffiliateDisclosure() {
  return (
    <p className="mt-4 rounded-lg border bg-muted/50 p-4 text-muted-foreground text-sm">
      Disclosure: {siteConfig.name} may earn a commission when you sign up through the links on this page, at
      no extra cost to you.
    </p>
  );
}

/** Every partner side by side: logo, price, trial, features and its trial link. */
export function PartnerCards() {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {partners.map((partner) => (
        <Card asChild key={partner.id} className="flex flex-col rounded-2xl p-6">
          <li>
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
        </Card>
      ))}
    </ul>
  );
}

/** 'Start listening today': a trial link for every partner. */
export function PartnersCta() {
  return (
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
  );
}
