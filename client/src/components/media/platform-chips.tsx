import { Disc3, MonitorPlay, Music2, Radio } from "lucide-react";

export const LISTENING_PLATFORMS = [
  { name: "Spotify", Icon: Music2, color: "bg-green-700", href: "https://open.spotify.com/" },
  { name: "Apple Music", Icon: Disc3, color: "bg-pink-700", href: "https://music.apple.com/" },
  { name: "YouTube Music", Icon: MonitorPlay, color: "bg-red-700", href: "https://music.youtube.com/" },
  { name: "SoundCloud", Icon: Radio, color: "bg-orange-700", href: "https://soundcloud.com/" },
] as const;

/** The four platforms as round icons with their names (the hero's 'Available on:' row). */
export function PlatformIcons() {
  return (
    <ul className="flex flex-wrap items-center gap-3">
      {LISTENING_PLATFORMS.map(({ name, Icon, color }) => (
        <li key={name} className="flex items-center gap-2 text-sm">
          <span className={`flex size-8 items-center justify-center rounded-full text-white ${color}`}>
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {name}
        </li>
      ))}
    </ul>
  );
}
