import { Link } from "react-router";
import { Card } from "../../components/ui/card";
import { paths } from "../../lib/paths";

/** The music hub's 'Browse by Genre': six fixed links with the lower-cased name. */
const browseGenres = ["Rock", "Pop", "Hip-Hop", "Electronic", "Jazz", "R&B"];

export function BrowseByGenre() {
  return (
    <section aria-labelledby="browse-genre-heading">
      <h2 id="browse-genre-heading" className="mb-6 font-bold text-2xl tracking-tight sm:text-3xl">
        Browse by Genre
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {browseGenres.map((name) => (
          <li key={name}>
            <Card
              asChild
              className="flex h-20 items-center justify-center font-semibold transition-colors hover:border-primary hover:text-primary"
            >
              <Link to={paths.genre(name.toLowerCase())}>{name}</Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
