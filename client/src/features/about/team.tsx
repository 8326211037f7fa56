import { PersonTile } from "../../components/media/person-tile";

const team = [
  { name: "Maya Chen", role: "Founder & Podcast Host" },
  { name: "Theo Marsh", role: "Head of Curation" },
  { name: "Leo Park", role: "Electronic Genre Specialist" },
  { name: "Jordan Ellis", role: "Hip-Hop Genre Specialist" },
];

/** 'Meet Our Team': a portrait, name and role for each of us. */
export function MeetOurTeam() {
  return (
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
  );
}
