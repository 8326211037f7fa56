import { Compass, Headphones, Heart } from "lucide-react";
import { PageShell } from "../../components/layout/page-shell";
import { SocialLinks } from "../../components/layout/social-links";
import { FallbackImage } from "../../components/media/fallback-image";
import { PersonTile } from "../../components/media/person-tile";
import { Button } from "../../components/ui/button";
import { siteConfig } from "../../lib/site-config";

const team = [
  { name: "Maya Chen", role: "Founder & Podcast Host" },
  { name: "Theo Marsh", role: "Head of Curation" },
  { name: "Leo Park", role: "Electronic Genre Specialist" },
  { name: "Jordan Ellis", role: "Hip-Hop Genre Specialist" },
];

const pillars = [
  {
    title: "Our Mission",
    text: "Help curious listeners find music they will love, and help the artists who make it find them.",
    Icon: Heart,
  },
  {
    title: "Our Curation",
    text: "Every playlist is built and kept up to date by a person who lives in that genre, never by an algorithm alone.",
    Icon: Compass,
  },
  {
    title: "Our Podcast",
    text: "Weekly conversations with artists, producers and the people behind the records.",
    Icon: Headphones,
  },
];

const mail = (subject: string) => `mailto:${siteConfig.infoEmail}?subject=${encodeURIComponent(subject)}`;

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

      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {pillars.map(({ title, text, Icon }) => (
          <section key={title} aria-labelledby={`pillar-${title}`} className="rounded-2xl border bg-card p-6">
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <h2 id={`pillar-${title}`} className="mt-4 font-bold text-xl">
              {title}
            </h2>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </section>
        ))}
      </div>

      <section aria-labelledby="team-heading" className="mt-16">
        <h2 id="team-heading" className="font-bold text-3xl">
          Meet Our Team
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {team.map((member) => (
            <PersonTile
              key={member.name}
              name={member.name}
              imageUrl={`/art/artist/${member.name.toLowerCase().replace(/\s+/g, "-")}.svg`}
              alt={`Portrait of ${member.name}`}
              about={member.role}
              className="rounded-2xl"
            />
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="community-heading"
        className="mt-16 rounded-3xl border bg-card p-8 text-center"
      >
        <h2 id="community-heading" className="font-bold text-3xl">
          Join Our Community
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          We are always looking for curators, writers and partners who care about music as much as we do.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <a href={mail("Joining the team")}>Join Our Team</a>
          </Button>
          <Button variant="outline" asChild>
            <a href={mail("Partnership")}>Partner With Us</a>
          </Button>
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="mt-16">
        <h2 id="contact-heading" className="font-bold text-3xl">
          Contact Us
        </h2>
        <p className="mt-2 text-muted-foreground">
          Questions, ideas or press enquiries: write to{" "}
          <a
            href={`mailto:${siteConfig.infoEmail}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {siteConfig.infoEmail}
          </a>
          .
        </p>
      </section>
    </PageShell>
  );
}
