import { AudioWaveform, Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "../../lib/cn";
import { siteConfig } from "../../lib/site-config";
import { Button } from "../ui/button";
import { navLinks } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

const linkClass = (active: boolean) =>
  cn(
    "rounded-md px-2 py-1.5 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground",
    active ? "text-primary" : "text-muted-foreground",
  );

function NavItem({ label, to, onChoose }: { label: string; to: string; onChoose?: () => void }) {
  // Hash links (DJ Resources) point into the home page; they are never the "current page".
  if (to.includes("#")) {
    return (
      <Link to={to} className={linkClass(false)} onClick={onChoose}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={to} end className={({ isActive }) => linkClass(isActive)} onClick={onChoose}>
      {label}
    </NavLink>
  );
}

/** `search`: the site search (features/search, composed by the root layout): a field, and on phones a button. */
export function Header({ search }: { search?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Any navigation (link, back button) closes the compact menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-4 sm:px-6">
        <Link to="/" className="flex h-16 shrink-0 items-center gap-2 rounded-md font-bold text-lg">
          <AudioWaveform className="size-7 text-primary" aria-hidden="true" />
          <span className="sm:hidden">{siteConfig.shortName}</span>
          <span className="hidden sm:inline">{siteConfig.name}</span>
        </Link>
        {search}
        <div className={cn("flex items-center gap-1", search ? "md:ml-auto" : "ml-auto")}>
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
          </Button>
        </div>
        <nav aria-label="Main" className="-mx-2 hidden w-full md:block">
          <ul className="flex flex-wrap items-center gap-x-1 pb-2">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavItem {...link} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavItem {...link} onChoose={() => setMenuOpen(false)} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
