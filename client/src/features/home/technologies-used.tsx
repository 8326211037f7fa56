import { Blocks, Database, Music, ShieldCheck } from "lucide-react";
import { Card } from "../../components/ui/card";

const technologies = [
  {
    name: "React & TanStack Query",
    detail: "a fast single-page app that caches what it has loaded",
    Icon: Blocks,
  },
  { name: "Fastify & PostgreSQL", detail: "a typed API over the curated catalogue", Icon: Database },
  { name: "Spotify Web API", detail: "saves our playlists into your own account", Icon: Music },
  { name: "OAuth with PKCE", detail: "you grant access, and can revoke it at any time", Icon: ShieldCheck },
];

/** The music hub's 'Technologies Used': what the site is built on, in a sentence each. */
export function TechnologiesUsed() {
  return (
    <Card asChild className="rounded-2xl p-6 sm:p-8">
      <section aria-labelledby="tech-heading">
        <h2 id="tech-heading" className="font-bold text-2xl">
          Technologies Used
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {technologies.map(({ name, detail, Icon }) => (
            <li key={name} className="flex gap-3">
              <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{name}</span>
                <span className="block text-muted-foreground text-sm">{detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
