import type { PodcastReading } from "@waveform/contracts/podcasts";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { Button } from "../../components/ui/button";
import { paths } from "../../lib/paths";

type ButtonLook = Pick<ComponentProps<typeof Button>, "variant" | "size" | "className">;

/**
 * A show's page here (or one of its episodes' pages) around `children`, when the answer names the
 * show by its slug; without one (the slug is the club's own field), the text alone.
 */
export function ShowLink({
  slug,
  episodeId,
  children,
}: {
  slug: string | undefined;
  episodeId?: number;
  children: ReactNode;
}) {
  if (!slug) return children;
  return (
    <Link
      to={episodeId === undefined ? paths.show(slug) : paths.episode(slug, episodeId)}
      className="hover:underline"
    >
      {children}
    </Link>
  );
}

/**
 * Where a podcast card sends a visitor to listen or subscribe: the show on its platform when it has
 * one there (`externalUrl`), else — the club's own shows, published only here — its page on this
 * site, which plays every episode and offers the feed to any podcast app; nothing when the answer
 * gives neither (an answer may carry no slug).
 */
export function ShowListenLink({
  podcast,
  verb,
  ...look
}: {
  podcast: Pick<PodcastReading, "slug" | "title" | "platform" | "externalUrl">;
  verb: "Listen" | "Subscribe";
} & ButtonLook) {
  if (podcast.externalUrl) {
    return (
      <ExternalLinkButton href={podcast.externalUrl} {...look}>
        {verb} on {podcast.platform}
      </ExternalLinkButton>
    );
  }
  if (!podcast.slug) return null;
  return (
    <Button asChild {...look}>
      <Link to={paths.show(podcast.slug)}>
        {verb}
        <span className="sr-only"> to {podcast.title}</span>
      </Link>
    </Button>
  );
}
