import { Volume1, Volume2, VolumeX } from "lucide-react";
import { Slider } from "radix-ui";
import { iconButton } from "./icon-button";
import { player } from "./player";

/** Mute (every width) and the volume slider (from the small breakpoint; phones have volume keys). */
export function VolumeControl({ volume, muted }: { volume: number; muted: boolean }) {
  const Icon = muted || volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={iconButton}
        onClick={() => player.toggleMute()}
        aria-label={muted ? "Unmute" : "Mute"}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
      <Slider.Root
        className="relative hidden h-6 w-20 touch-none select-none items-center sm:flex"
        min={0}
        max={1}
        step={0.05}
        value={[muted ? 0 : volume]}
        onValueChange={([value]) => {
          if (value !== undefined) player.setVolume(value);
        }}
      >
        <Slider.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
          <Slider.Range className="absolute h-full bg-foreground/70" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Volume"
          aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)} %`}
          className="block size-3.5 rounded-full border-2 border-foreground/70 bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </Slider.Root>
    </div>
  );
}
