import { Lightbulb } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { siteConfig } from "../../lib/site-config";

const suggestionMail = `mailto:${siteConfig.infoEmail}?subject=${encodeURIComponent("Genre suggestion")}`;

/** 'Suggest a Genre': a mail to the curators, under the genre grid. */
export function SuggestGenre() {
  return (
    <Card asChild className="mt-12 rounded-2xl p-6 sm:p-8">
      <section aria-labelledby="suggest-heading">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-4">
            <Lightbulb className="mt-1 size-8 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 id="suggest-heading" className="font-bold text-xl">
                Suggest a Genre
              </h2>
              <p className="mt-1 text-muted-foreground">
                Missing a scene you love? Tell our curators and we may build the next playlist around it.
              </p>
            </div>
          </div>
          <Button asChild>
            <a href={suggestionMail}>Submit a Suggestion</a>
          </Button>
        </div>
      </section>
    </Card>
  );
}
