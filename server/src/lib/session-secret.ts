import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AppConfig, ConfigError } from "../config";
import { makeFolderPrivate } from "../db/private-folder";

export const SESSION_SECRET_FILE = "session-secret";
const MIN_LENGTH = 32;

/**
 * The secret that signs session cookies and encrypts tokens. Production must set SESSION_SECRET
 * (a generated one would silently change with a new data folder and log every visitor out).
 * Elsewhere one is generated on first start and kept in DATA_DIR, readable by this user only, so
 * sessions survive restarts without any setup.
 */
export function resolveSessionSecret(config: Pick<AppConfig, "env" | "sessionSecret" | "dataDir">): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.env === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: must be set in production (at least 32 characters); it " +
        "signs the session cookie and encrypts Spotify tokens. Generate one with: openssl rand -base64 48",
    );
  }
  const file = join(config.dataDir, SESSION_SECRET_FILE);
  makeFolderPrivate(config.dataDir);
  try {
    // "wx": when two processes start together, the second reads the first one's secret.
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < MIN_LENGTH) {
    throw new ConfigError(
      `The generated session secret in ${file} is too short; delete the file to generate a new one.`,
    );
  }
  return secret;
}
