import { Card } from "../../components/ui/card";
import { siteConfig } from "../../lib/site-config";

const lists = [
  {
    title: "Submission Criteria",
    items: [
      "Original music (no covers)",
      "High-quality recordings",
      "Active on social media platforms",
      "Music available on streaming services",
    ],
  },
  {
    title: "Benefits",
    items: [
      "Featured in the Artist Spotlight section",
      "Promotion on our social channels",
      "Inclusion in curated playlists",
      "Potential interview opportunities",
    ],
  },
];

/** 'Want Your Music Featured?': what we look for, what artists get, and where to send music. */
export function SubmissionInvite() {
  return (
    <Card asChild className="mt-16 rounded-3xl p-6 sm:p-10">
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="font-bold text-3xl">
          Want Your Music Featured?
        </h2>
        <div className="mt-6 grid gap-8 md:grid-cols-3">
          {lists.map(({ title, items }) => (
            <div key={title}>
              <h3 className="font-semibold text-lg">{title}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
          <div>
            <h3 className="font-semibold text-lg">How to Apply</h3>
            <p className="mt-2 text-muted-foreground">
              Email links to your music, your social profiles and a brief bio. All submissions are reviewed,
              and we contact the artists we select.
            </p>
            <a
              href={`mailto:${siteConfig.submissionsEmail}`}
              className="mt-3 inline-block font-medium text-primary underline-offset-4 hover:underline"
            >
              {siteConfig.submissionsEmail}
            </a>
          </div>
        </div>
      </section>
    </Card>
  );
}
