import type { NewsletterIssueState } from "@waveform/contracts/newsletter-issues";
import { Badge, type BadgeTone } from "../../components/ui/badge";

const LOOK: Record<NewsletterIssueState, { label: string; tone: BadgeTone }> = {
  draft: { label: "Draft", tone: "outline" },
  scheduled: { label: "Scheduled", tone: "blue" },
  sending: { label: "Sending", tone: "amber" },
  paused: { label: "Paused", tone: "orange" },
  sent: { label: "Sent", tone: "green" },
};

/** An issue's state as a badge (its word, never its colour alone). */
export function IssueStateBadge({ state }: { state: NewsletterIssueState }) {
  const { label, tone } = LOOK[state];
  return <Badge tone={tone}>{label}</Badge>;
}
