import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { siteConfig } from "../../lib/site-config";

const mail = (subject: string) => `mailto:${siteConfig.infoEmail}?subject=${encodeURIComponent(subject)}`;

/** 'Join Our Community': mail links for joining the team and for partnerships. */
export function JoinCommunity() {
  return (
    <Card asChild className="mt-16 rounded-3xl p-8 text-center">
      <section aria-labelledby="community-heading">
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
    </Card>
  );
}

/** 'Contact Us': the address for questions, ideas and press. */
export function ContactUs() {
  return (
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
  );
}
