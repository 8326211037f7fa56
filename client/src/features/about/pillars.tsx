import { Compass, Headphones, Heart } from "lucide-react";
import { Card } from "../../components/ui/card";

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

/** Our Mission, Our Curation, Our Podcast: what the club is for, in three cards. */
export function Pillars() {
  return (
    <div className="mt-12 grid gap-6 md:grid-cols-3">
      {pillars.map(({ title, text, Icon }) => {
        // An id holds no spaces: "pillar-our-mission", so the section is named by its heading.
        const headingId = `pillar-${title.toLowerCase().replaceAll(" ", "-")}`;
        return (
          <Card asChild key={title} className="rounded-2xl p-6">
            <section aria-labelledby={headingId}>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <h2 id={headingId} className="mt-4 font-bold text-xl">
                {title}
              </h2>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </section>
          </Card>
        );
      })}
    </div>
  );
}
