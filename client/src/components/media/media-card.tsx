import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { Card, CardContent } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { FallbackImage } from "./fallback-image";

/** Where the title leads: a page of this site, or another site (opened in a new tab, said aloud). */
type MediaCardLink = { to: string } | { href: string; newTabNote: string };

interface MediaCardProps {
  /** An article in grids of content; a list item where the cards are a plain list. */
  as?: "article" | "li";
  /** `loading`/`fetchPriority`: the page's largest image on a phone's first screen (eager, high). */
  image: {
    src: string;
    width: number;
    height: number;
    alt?: string;
    className?: string;
    loading?: "eager" | "lazy";
    fetchPriority?: "high";
  };
  /** The artwork box keeps its aspect ratio while the image loads, so nothing below it moves. */
  artworkClassName?: string;
  /** Shown over the artwork's top-left corner. */
  badges?: ReactNode;
  /** Anything else over the artwork (it positions itself), such as a play button. */
  overlay?: ReactNode;
  title: ReactNode;
  /** The heading level that fits the page's outline, or a plain paragraph for tiles without one. */
  titleAs?: "h2" | "h3" | "h4" | "p";
  titleClassName?: string;
  link?: MediaCardLink;
  subtitle?: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** Meta lines and actions, below the title and subtitle. */
  children?: ReactNode;
}

function TitleLink({ link, children }: { link: MediaCardLink; children: ReactNode }) {
  if ("to" in link) {
    return (
      <Link to={link.to} className="hover:underline">
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className="hover:underline">
      {children}
      <span className="sr-only"> ({link.newTabNote})</span>
    </a>
  );
}

/** The one shape of playlists, podcasts, albums and artists: artwork with badges, then title and meta. */
export function MediaCard({
  as: Root = "article",
  image,
  artworkClassName,
  badges,
  overlay,
  title,
  titleAs: Title = "h3",
  titleClassName,
  link,
  subtitle,
  className,
  bodyClassName,
  children,
}: MediaCardProps) {
  const { className: imageClassName, alt = "", ...imageProps } = image;
  return (
    <Card asChild className={cn("flex flex-col overflow-hidden", className)}>
      <Root>
        <div className={cn("relative aspect-square overflow-hidden", artworkClassName)}>
          <FallbackImage {...imageProps} alt={alt} className={cn("size-full object-cover", imageClassName)} />
          {badges && <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">{badges}</div>}
          {overlay}
        </div>
        <CardContent className={cn("flex flex-1 flex-col gap-2 p-4", bodyClassName)}>
          <Title className={cn("font-semibold", titleClassName)}>
            {link ? <TitleLink link={link}>{title}</TitleLink> : title}
          </Title>
          {subtitle && <p className="text-muted-foreground text-sm">{subtitle}</p>}
          {children}
        </CardContent>
      </Root>
    </Card>
  );
}

/** A media card's frame while it loads: the same artwork box, and one bar per line of text. */
export function MediaCardSkeleton({
  artworkClassName,
  bodyClassName,
  lines,
  "data-testid": testId,
}: {
  artworkClassName?: string;
  bodyClassName?: string;
  /** The classes (height and width) of each bar. */
  lines: string[];
  "data-testid"?: string;
}) {
  return (
    <Card className="overflow-hidden" data-testid={testId}>
      <Skeleton className={cn("aspect-square rounded-none", artworkClassName)} />
      <div className={cn("flex flex-col gap-2 p-4", bodyClassName)}>
        {lines.map((line) => (
          <Skeleton key={line} className={line} />
        ))}
      </div>
    </Card>
  );
}
