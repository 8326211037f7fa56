import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsoleIssue, IssueProgress } from "@waveform/contracts/newsletter-issues";
import { useEffect, useState } from "react";
import { type Resolver, type ResolverResult, useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
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

/** `beforeSend` could not save what is on screen: nothing is sent. */
class DraftNotSaved extends Error {}

interface ScheduleValues {
  at: string;
}

/**
 * The local date and time of 'Send at' as the instant the contract's `at` takes; a time to come,
 * since the past is what 'Send now' is for.
 */
const sendAt: Resolver<ScheduleValues, unknown, { at: string }> = async ({
  at,
}): Promise<ResolverResult<ScheduleValues, { at: string }>> => {
  const time = new Date(at);
  const problem =
    !at || Number.isNaN(time.getTime())
      ? "Choose a date and time to send at."
      : time.getTime() <= Date.now()
        ? "Choose a time in the future, or send now."
        : null;
  if (problem) return { values: {}, errors: { at: { type: "validate", message: problem } } };
  return { values: { at: time.toISOString() }, errors: {} };
};

/** One of the panel's actions: the call, given the version on screen, and what to say once done. */
interface IssueAction {
  call: (version: number) => Promise<ConsoleIssue>;
  done: (stored: ConsoleIssue) => string;
}

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
  const [confirming, setConfirming] = useState(false);
  const schedule = useForm<ScheduleValues, unknown, { at: string }>({
    resolver: sendAt,
    defaultValues: { at: "" },
    reValidateMode: "onSubmit",
  });
  const acting = useMutation({
    onMutate: () => schedule.clearErrors(),
    mutationFn: async ({ call, done }: IssueAction) => {
      const version = await beforeSend();
      if (version === null) throw new DraftNotSaved();
      const stored = await call(version);
      return { stored, said: done(stored) };
    },
    onSuccess: ({ stored }) => {
      queryClient.setQueryData(consoleIssueQuery(issue.id).queryKey, stored);
      void queryClient.invalidateQueries({ queryKey: ["console", "newsletter"] });
    },
  });
  const act = (action: IssueAction) => acting.mutate(action);
  const busy = acting.isPending;
  const invalid = schedule.formState.errors.at?.message;
  const message = invalid
    ? { error: true, text: invalid }
    : acting.isError
      ? {
          error: true,
          text:
            acting.error instanceof DraftNotSaved
              ? "The draft is not saved: fix what the status above says first."
              : readableError(acting.error),
        }
      : { error: false, text: acting.data?.said ?? "" };
  // The state moves on by itself (scheduled → sending → sent): the progress says when.
  const polledState = progress.data?.state;
  useEffect(() => {
    if (polledState && polledState !== issue.state) {
      void queryClient.invalidateQueries({ queryKey: consoleIssueQuery(issue.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ["console", "newsletter", "issues"], exact: true });
    }
  }, [polledState, issue.state, issue.id, queryClient]);

  const onSchedule = schedule.handleSubmit(({ at }) =>
    act({
      call: (version) => sendIssue(issue.id, version, at),
      done: (stored) => `Scheduled for ${consoleTime(stored.scheduledAt)}.`,
    }),
  );

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
              <FormActions
                label="Yes, send now"
                busy={busy}
                onClick={() => {
                  setConfirming(false);
                  act({
                    call: (version) => sendIssue(issue.id, version),
                    done: () => "Sending to every confirmed subscriber.",
                  });
                }}
                cancel={{ onClick: () => setConfirming(false) }}
                className="flex-wrap"
              />
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
              <Input id="send-at" type="datetime-local" {...schedule.register("at")} />
            </div>
            <FormActions label="Schedule" busy={busy} variant="outline" />
          </form>
        </div>
      )}
      {isAdmin && (issue.state === "sending" || issue.state === "scheduled") && (
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() =>
            act({
              call: () => pauseIssue(issue.id),
              done: (stored) =>
                stored.state === "draft" ? "Schedule cancelled: the issue is a draft again." : "Paused.",
            })
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
            act({
              call: () => resumeIssue(issue.id),
              done: () => "Sending again.",
            })
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
