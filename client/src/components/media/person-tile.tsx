import type { ReactNode } from "react";
import { MediaCard } from "./media-card";

/**
 * A person (an artist, a team member) in a grid list: square portrait, name, a line about them.
 * `dense` is the smaller tile of the genre explorer's Artists tab, whose lines are set by the caller.
 */
export function PersonTile({
  name,
  imageUrl,
  alt = "",
  about,
  dense = false,
  className,
  children,
}: {
  name: string;
  imageUrl: string;
  alt?: string;
  about?: ReactNode;
  dense?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <MediaCard
      as="li"
      className={className}
      image={{ src: imageUrl, alt, width: 400, height: 400 }}
      title={name}
      titleAs="p"
      titleClassName={dense ? "font-medium leading-tight" : undefined}
      subtitle={about}
      bodyClassName={dense ? "gap-1.5 p-3" : "gap-0"}
    >
      {children}
    </MediaCard>
  );
}
