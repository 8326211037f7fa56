import { siteConfig } from "../../lib/site-config";
import { FacebookIcon, InstagramIcon, XIcon, YouTubeIcon } from "../icons/social-icons";

const socialLinks = [
  { label: "Instagram", href: siteConfig.social.instagram, Icon: InstagramIcon },
  { label: "X (Twitter)", href: siteConfig.social.twitter, Icon: XIcon },
  { label: "Facebook", href: siteConfig.social.facebook, Icon: FacebookIcon },
  { label: "YouTube", href: siteConfig.social.youtube, Icon: YouTubeIcon },
];

/** The club's social profiles as round icon links (footer, about page). */
export function SocialLinks({ label, className }: { label?: string; className?: string }) {
  return (
    <ul className={className ?? "flex gap-2"} aria-label={label}>
      {socialLinks.map(({ label: name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={name}
            className="flex size-10 items-center justify-center rounded-full border text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
