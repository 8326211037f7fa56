// Test support (imported only by the resolver's test files): a resolver against a fake Spotify.
import type { Database } from "../../db/client";
import { createIdResolver, type IdResolverOptions } from "./id-resolver";
import { createAppSpotifyApi } from "./id-resolver-plugin";

/** A logger that keeps what it is told, by level. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, message: String(args.find((a) => typeof a === "string") ?? "") });
    };
  const log = {
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    fatal: at("fatal"),
    debug: at("debug"),
    trace: at("trace"),
  };
  return { lines, log: { ...log, child: () => log, level: "info", silent() {} } as never };
}

/** A resolver the way the app builds one, pointed at `spotify`, without pauses between requests. */
export function resolverFor(
  spotify: { clientId: string; accountsUrl: string; apiUrl: string },
  db: Database,
  options: IdResolverOptions & { secret: string; onChange?: () => void },
) {
  const { secret, onChange, ...settings } = options;
  const api = createAppSpotifyApi({
    clientId: spotify.clientId,
    clientSecret: secret,
    accountsUrl: spotify.accountsUrl,
    apiUrl: spotify.apiUrl,
  });
  const recorded = recordingLog();
  const resolver = createIdResolver(
    { db, api, log: recorded.log, ...(onChange ? { onChange } : {}) },
    { gapMs: 0, batch: 1000, ...settings },
  );
  return { resolver, lines: recorded.lines };
}
