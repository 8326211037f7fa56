import { MoonStar } from "lucide-react";
import { type CSSProperties, useEffect, useState } from "react";
import { cn } from "../../lib/cn";
import { formatDuration } from "../../lib/format";
import { SLEEP_MINUTES, type SleepChoice, type SleepState } from "./sleep-timer";
import { sleepTimer, useSleepTimer } from "./up-next";

const CHOICES: { value: SleepChoice; text: string }[] = [
  { value: "off", text: "Off" },
  { value: "end", text: "End of episode" },
  ...SLEEP_MINUTES.map((minutes) => ({ value: minutes, text: `${minutes} minutes` })),
];

// One mini-player on a page: fixed names for the popover and its anchor.
const popoverId = "sleep-timer-choices";
const anchor = "--sleep-timer";

const choiceOf = (state: SleepState): SleepChoice =>
  state.kind === "timer" ? (state.minutes as SleepChoice) : state.kind;

/** Seconds left on a minutes timer, updated each second while one runs; null otherwise. */
function useSecondsLeft(state: SleepState): number | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (state.kind !== "timer") return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);
  const left = sleepTimer.remaining();
  return left === null ? null : Math.ceil(left / 1000);
}

/**
 * The sleep timer: off, end of episode, 15/30/60 minutes, chosen in a popover of radio buttons
 * (the browser's own: arrows move, Escape and a tap outside close it); the time left shows on the
 * button, and Off cancels it.
 */
export function SleepTimerButton() {
  const state = useSleepTimer();
  const secondsLeft = useSecondsLeft(state);
  const shown = state.kind === "end" ? "End" : secondsLeft === null ? null : formatDuration(secondsLeft);
  const label =
    state.kind === "end"
      ? "Sleep timer: end of episode"
      : secondsLeft === null
        ? "Sleep timer"
        : `Sleep timer: ${formatDuration(secondsLeft)} left`;
  return (
    <>
      <button
        type="button"
        popoverTarget={popoverId}
        aria-label={label}
        style={{ anchorName: anchor } as CSSProperties}
        className={cn(
          "flex h-10 shrink-0 items-center justify-center gap-1 rounded-full px-2.5 text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          shown && "text-primary",
        )}
      >
        <MoonStar className={cn("size-5", shown && "fill-current")} aria-hidden="true" />
        {shown && (
          <span className="font-semibold text-xs tabular-nums" data-testid="sleep-timer-left">
            {shown}
          </span>
        )}
      </button>
      <div
        id={popoverId}
        popover="auto"
        style={{ positionAnchor: anchor } as CSSProperties}
        className="m-0 min-w-44 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg [inset:auto] [position-area:top_span-left] [position-try-fallbacks:flip-block]"
      >
        <fieldset>
          <legend className="px-3 py-1.5 font-semibold text-muted-foreground text-xs">Sleep timer</legend>
          {CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent hover:text-accent-foreground has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={popoverId}
                value={String(choice.value)}
                checked={choiceOf(state) === choice.value}
                onChange={() => sleepTimer.choose(choice.value)}
                onClick={(event) => {
                  // A tap or click chooses and closes; arrow keys (a click of detail 0) move on.
                  if (event.detail > 0) document.getElementById(popoverId)?.hidePopover();
                }}
                className="size-3.5 accent-primary focus-visible:outline-none"
              />
              {choice.text}
            </label>
          ))}
        </fieldset>
      </div>
    </>
  );
}
