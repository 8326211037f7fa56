import { LISTENING_SERVICES, type ListeningService } from "@waveform/contracts/listening-services";
import { ExternalLink } from "lucide-react";
import { useYourService } from "../../lib/your-service";

/**
 * 'Open in <service>' for one item: the visitor's service first (or `fallback` until they choose
 * one), the other services one click away. `urlFor` gives each service's address for the item.
 */
export function OpenInService({
  itemName,
  fallback,
  urlFor,
  align = "end",
}: {
  /** What is opened, for screen readers ("One More Time by Daft Punk"). */
  itemName: string;
  fallback: ListeningService;
  urlFor: (service: ListeningService) => string;
  /** Where the links sit: at the end of a table row, or at the start of a card (its menu opens upwards). */
  align?: "start" | "end";
}) {
  const service = useYourService() ?? fallback;
  const others = LISTENING_SERVICES.filter((name) => name !== service);
  return (
    <div
      className={`flex items-center gap-1 whitespace-nowrap ${align === "end" ? "justify-end" : "-ml-2 justify-start"}`}
    >
      <a
        href={urlFor(service)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-primary text-sm hover:underline"
        aria-label={`Open in ${service}: ${itemName} (opens in a new tab)`}
      >
        Open<span className="hidden sm:inline"> in {service}</span>
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
      <details className="relative">
        <summary className="cursor-pointer list-none rounded-md px-2 py-1 text-muted-foreground text-sm hover:text-foreground [&::-webkit-details-marker]:hidden">
          More<span className="sr-only"> services for {itemName}</span>
        </summary>
        <ul
          className={`absolute z-20 w-44 rounded-md border bg-popover p-1 text-popover-foreground shadow-md ${
            align === "end" ? "top-full right-0 mt-1" : "bottom-full left-0 mb-1"
          }`}
        >
          {others.map((name) => (
            <li key={name}>
              <a
                href={urlFor(name)}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded px-2 py-1.5 text-sm hover:bg-accent hover:text-accent-foreground"
              >
                {name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
