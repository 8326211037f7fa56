import { cn } from "../../lib/cn";

/** Typography for the server's HTML (headings, paragraphs, lists, links, the catalogue cards' images). */
export const issueBodyClass = cn(
  "break-words leading-relaxed",
  "[&_h1]:mt-8 [&_h1]:font-bold [&_h1]:text-2xl [&_h2]:mt-8 [&_h2]:font-bold [&_h2]:text-xl [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-lg",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  // The catalogue blocks' cards (`<section class="newsletter-card">`: cover, kind, linked title).
  "[&_.newsletter-card]:mt-6 [&_.newsletter-card]:flex [&_.newsletter-card]:items-start [&_.newsletter-card]:gap-4 [&_.newsletter-card]:rounded-xl [&_.newsletter-card]:border [&_.newsletter-card]:bg-card [&_.newsletter-card]:p-4",
  "[&_.newsletter-card_img]:size-20 [&_.newsletter-card_img]:shrink-0 [&_.newsletter-card_img]:object-cover sm:[&_.newsletter-card_img]:size-24",
  "[&_.newsletter-card>div]:min-w-0 [&_.newsletter-card_h2]:mt-1 [&_.newsletter-card_h2]:text-lg [&_.newsletter-card_p]:mt-1 [&_.newsletter-card_p]:text-muted-foreground [&_.newsletter-card_p]:text-sm",
  "[&_.newsletter-card-kind]:mt-0! [&_.newsletter-card-kind]:font-semibold [&_.newsletter-card-kind]:text-xs [&_.newsletter-card-kind]:uppercase [&_.newsletter-card-kind]:tracking-wide",
  "[&>*:first-child]:mt-0",
);

/**
 * An issue's body as its archive page shows it: the server's `webHtml` (Markdown rendered and
 * sanitised there, catalogue blocks as linked cards). The console's 'Web page' preview shows the
 * same component, so what an editor previews is what the page shows.
 */
export function IssueBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised by the server (contracts/newsletter-archive.ts ArchivedIssueSchema)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
