import { AudioWaveform, Menu, X } from "lucide-react";
import { type ReactNode, type SyntheticEvent, useEffect, useRef, useState } from "react";
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

/** Whether a popover is showing (false where the browser cannot tell, e.g. without the Popover API). */
function popoverOpen(element: HTMLElement | null): boolean {
  try {
    return element?.matches(":popover-open") ?? false;
  } catch {
    return false;
  }
}

/**
 * `search`: the site search (features/search, composed by the root layout): a field, and on phones a button.
 *
 * The compact menu is a popover (`popovertarget`): it opens, and closes on Escape or a tap outside,
 * without JavaScript, from the moment the page shows. The page's code only mirrors its state
 * (`aria-expanded`, the icon) and closes it on navigation.
 */
export function Header({ search }: { search?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLElement>(null);
  const location = useLocation();
  const closeMenu = () => {
    if (popoverOpen(menu.current)) menu.current?.hidePopover();
  };

  // Opened before the page's code ran: the state follows what the visitor sees.
  useEffect(() => setMenuOpen(popoverOpen(menu.current)), []);
  // Any navigation (link, back button) closes the compact menu; the page's first render is none.
  const shownKey = useRef(location.key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    closeMenu();
  }, [location.key]);

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
            popoverTarget="mobile-menu"
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
      <nav
        ref={menu}
        id="mobile-menu"
        aria-label="Mobile"
        popover="auto"
        onToggle={(event: SyntheticEvent<HTMLElement>) =>
          setMenuOpen((event.nativeEvent as ToggleEvent).newState === "open")
        }
        className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-y bg-background p-0 text-foreground shadow-lg md:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavItem {...link} onChoose={closeMenu} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
