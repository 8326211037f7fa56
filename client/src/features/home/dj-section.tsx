import { Disc3, ExternalLink, Headphones } from "lucide-react";
import { Card } from "../../components/ui/card";

const resources = [
  {
    name: "Beatport",
    description: "The DJ track store: lossless downloads, charts by genre and label exclusives.",
    href: "https://www.beatport.com/",
    Icon: Disc3,
  },
  {
    name: "Mixcloud",
    description: "Long-form DJ mixes and radio shows, licensed so the artists get paid.",
    href: "https://www.mixcloud.com/",
    Icon: Headphones,
  },
];

const toolMakers = [
  { name: "Pioneer DJ", href: "https://www.pioneerdj.com/" },
  { name: "Native Instruments", href: "https://www.native-instruments.com/" },
  { name: "Serato", href: "https://serato.com/" },
  { name: "Ableton", href: "https://www.ableton.com/" },
  { name: "Denon DJ", href: "https://www.denondj.com/" },
];

/** 'For DJs & Producers': the target of the header's DJ Resources link. */
export function DjSection() {
  return (
    <section id="dj-section" aria-labelledby="dj-section-heading" className="scroll-mt-20">
      <h2 id="dj-section-heading" className="font-bold text-2xl tracking-tight">
        For DJs &amp; Producers
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Where our selectors dig for tracks, share their mixes and find their gear.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {resources.map(({ name, description, href, Icon }) => (
          <li key={name}>
            <Card
              asChild
              className="group flex h-full items-start gap-4 p-5 transition-colors hover:border-primary"
            >
              <a href={href} target="_blank" rel="noopener noreferrer">
                <Icon className="mt-1 size-8 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <span className="flex items-center gap-1.5 font-semibold">
                    {name}
                    <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </span>
                  <span className="mt-1 block text-muted-foreground text-sm">{description}</span>
                </span>
              </a>
            </Card>
          </li>
        ))}
      </ul>
      <h3 className="mt-8 font-semibold text-sm">Tools we love</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {toolMakers.map((maker) => (
          <li key={maker.name}>
            <a
              href={maker.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex rounded-full border bg-secondary px-3 py-1.5 font-medium text-secondary-foreground text-sm hover:border-primary"
            >
              {maker.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
