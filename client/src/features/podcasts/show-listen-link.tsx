import type { Podcast } from "@waveform/contracts/podcasts";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { Button } from "../../components/ui/button";
import { paths } from "../../lib/paths";

type ButtonLook = Pick<ComponentProps<typeof Button>, "variant" | "size" | "className">;

/**
 * Where a podcast card sends a visitor to listen or subscribe: the show on its platform when it has
 * one there (`externalUrl`), else — the club's own shows, published only here — its page on this
 * site, which plays every episode and offers the feed to any podcast app.
 */
export function ShowListenLink({
  podcast,
  verb,
  ...look
}: {
  podcast: Pick<Podcast, "slug" | "title" | "platform" | "externalUrl">;
  verb: "Listen" | "Subscribe";
} & ButtonLook) {
  if (podcast.externalUrl) {
    return (
      <ExternalLinkButton href={podcast.externalUrl} {...look}>
        {verb} on {podcast.platform}
      </ExternalLinkButton>
    );
  }
  return (
    <Button asChild {...look}>
      <Link to={paths.show(podcast.slug)}>
        {verb}
        <span className="sr-only"> to {podcast.title}</span>
      </Link>
    </Button>
  );
}
