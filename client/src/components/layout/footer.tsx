import { AudioWaveform } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";
import { footerQuickLinks } from "./nav-links";
import { SocialLinks } from "./social-links";

/** The site's footer; `follow` is the club's fediverse follow box, under its social links. */
export function Footer({ follow }: { follow?: ReactNode }) {
  return (
    <footer className="mt-16 border-t bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-bold text-lg">
            <AudioWaveform className="size-6 text-primary" aria-hidden="true" />
            {siteConfig.name}
          </p>
          <p className="max-w-sm text-muted-foreground text-sm">{siteConfig.tagline}</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="mb-3 font-semibold text-sm">Quick Links</h2>
          <ul className="space-y-2 text-sm">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-sm">Follow Us</h2>
          <SocialLinks />
          {follow}
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-muted-foreground text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© 2025 {siteConfig.name}. All rights reserved.</p>
          <ul className="flex gap-4">
            <li>
              <Link to={paths.privacy} className="hover:text-foreground hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              {/* A placeholder until its text is written. */}
              <a href="#terms-of-service" className="hover:text-foreground hover:underline">
                Terms of Service
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
