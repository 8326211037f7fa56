import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsoleIssue, IssueProgress } from "@waveform/contracts/newsletter-issues";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { consoleTime } from "../../lib/console-time";
import {
  consoleIssueQuery,
  issueProgressQuery,
  pauseIssue,
  resumeIssue,
  sendIssue,
} from "./console-newsletter.queries";

/** States whose progress is worth showing, and those in which it still changes (polled). */
const SHOWS_PROGRESS = new Set(["sending", "paused", "sent"]);
const MOVING = new Set(["scheduled", "sending"]);

function Progress({ progress }: { progress: IssueProgress }) {
  const done = progress.sent + progress.failed + progress.suppressed;
  return (
    <div className="space-y-2">
      <progress
        aria-label="Sending progress"
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
        max={Math.max(progress.total, 1)}
        value={done}
      />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ["Sent", progress.sent],
            ["Pending", progress.pending],
            ["Failed", progress.failed],
            ["Suppressed", progress.suppressed],
          ] as const
        ).map(([label, count]) => (
          <div key={label} className="rounded-md border px-3 py-2">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="font-semibold text-lg tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground text-xs">
        {progress.total} recipient{progress.total === 1 ? "" : "s"} in all.
      </p>
    </div>
  );
}

/**
 * Sending (administrators): 'Send now', 'Schedule' at a time, and while it goes out the progress,
 * polled every second, with 'Pause' and 'Resume'. Editors see why the controls are not theirs.
 * `beforeSend` saves what is still unsaved and resolves to the version of the issue now on screen,
 * or null when that failed (nothing is sent). 'Send now' and 'Schedule' carry that version: when
 * someone saved the issue since, the server sends nothing and answers 409, whose message (the
 * autosave's own conflict message) is shown here.
 */
export function SendPanel({
  issue,
  isAdmin,
  beforeSend,
}: {
  issue: ConsoleIssue;
  isAdmin: boolean;
  beforeSend: () => Promise<number | null>;
}) {
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...issueProgressQuery(issue.id, MOVING.has(issue.state)),
    enabled: SHOWS_PROGRESS.has(issue.state) || issue.state === "scheduled",
  });
  const [at, setAt] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string }>({ error: false, text: "" });
  // The state moves on by itself (scheduled → sending → sent): the progress says when.
  const polledState = progress.data?.state;
  useEffect(() => {
    if (polledState && polledState !== issue.state) {
      void queryClient.invalidateQueries({ queryKey: consoleIssueQuery(issue.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ["console", "newsletter", "issues"], exact: true });
    }
  }, [polledState, issue.state, issue.id, queryClient]);

  const act = async (
    action: (version: number) => Promise<ConsoleIssue>,
    done: (stored: ConsoleIssue) => string,
  ) => {
    setBusy(true);
    setMessage({ error: false, text: "" });
    try {
      const version = await beforeSend();
      if (version === null) {
        setMessage({ error: true, text: "The draft is not saved: fix what the status above says first." });
        return;
      }
      const stored = await action(version);
      queryClient.setQueryData(consoleIssueQuery(issue.id).queryKey, stored);
      void queryClient.invalidateQueries({ queryKey: ["console", "newsletter"] });
      setMessage({ error: false, text: done(stored) });
    } catch (failure) {
      setMessage({ error: true, text: readableError(failure) });
    } finally {
      setBusy(false);
    }
  };
  const onSchedule = (event: FormEvent) => {
    event.preventDefault();
    const time = new Date(at);
    if (!at || Number.isNaN(time.getTime())) {
      setMessage({ error: true, text: "Choose a date and time to send at." });
      return;
    }
    if (time.getTime() <= Date.now()) {
      setMessage({ error: true, text: "Choose a time in the future, or send now." });
      return;
    }
    void act(
      (version) => sendIssue(issue.id, version, time.toISOString()),
      (stored) => `Scheduled for ${consoleTime(stored.scheduledAt)}.`,
    );
  };

  return (
    <section aria-labelledby="send-heading" className="space-y-4 rounded-lg border p-4">
      <h2 id="send-heading" className="font-semibold text-xl">
        Send
      </h2>
      {!isAdmin && (
        <p className="text-muted-foreground text-sm">
          Only an administrator may send, schedule or pause an issue. Ask one when this draft is ready.
        </p>
      )}
      {issue.state === "scheduled" && (
        <p className="text-sm">Scheduled for {consoleTime(issue.scheduledAt)}.</p>
      )}
      {issue.state === "sent" && <p className="text-sm">Sent {consoleTime(issue.sentAt)}.</p>}
      {progress.data && SHOWS_PROGRESS.has(issue.state) && <Progress progress={progress.data} />}
      {isAdmin && issue.state === "draft" && (
        <div className="space-y-4">
          {confirming ? (
            <fieldset className="space-y-2 rounded-md border p-3">
              <legend className="px-1 font-medium text-sm">Confirm sending</legend>
              <p className="text-sm">
                Send &ldquo;{issue.title}&rdquo; to every confirmed subscriber now? It cannot be unsent.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(false);
                    void act(
                      (version) => sendIssue(issue.id, version),
                      () => "Sending to every confirmed subscriber.",
                    );
                  }}
                >
                  Yes, send now
                </Button>
                <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </fieldset>
          ) : (
            <Button type="button" disabled={busy} onClick={() => setConfirming(true)}>
              Send now to every confirmed subscriber
            </Button>
          )}
          <form aria-label="Schedule" onSubmit={onSchedule} className="flex flex-wrap items-end gap-2">
            <div className="space-y-1.5">
              <label htmlFor="send-at" className="font-medium text-sm">
                Send at (your local time)
              </label>
              <Input
                id="send-at"
                type="datetime-local"
                value={at}
                onChange={(event) => setAt(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={busy}>
              Schedule
            </Button>
          </form>
        </div>
      )}
      {isAdmin && (issue.state === "sending" || issue.state === "scheduled") && (
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() =>
            void act(
              () => pauseIssue(issue.id),
              (stored) =>
                stored.state === "draft" ? "Schedule cancelled: the issue is a draft again." : "Paused.",
            )
          }
        >
          {issue.state === "scheduled" ? "Cancel the schedule" : "Pause"}
        </Button>
      )}
      {isAdmin && issue.state === "paused" && (
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            void act(
              () => resumeIssue(issue.id),
              () => "Sending again.",
            )
          }
        >
          Resume
        </Button>
      )}
      <p role={message.error ? "alert" : "status"} className="min-h-6 font-medium text-sm">
        {message.text}
      </p>
    </section>
  );
}
