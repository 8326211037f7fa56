import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MIN_PASSWORD_LENGTH } from "@waveform/contracts/console-auth";
import { serverRoot } from "../../paths";

let common: Set<string> | undefined;

/** The list in common-passwords.txt (read once; the same path from src/ and from dist/). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(join(serverRoot, "src", "modules", "operators", "common-passwords.txt"), "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith("#")),
  );
  return common;
}

const normalise = (password: string) => password.toLowerCase().replace(/\s+/g, "");

/**
 * Why a new password is refused, or null when it is fine: too short (the contract checks that
 * too), a common one, or the operator's own email. Length beats composition rules (NIST 800-63B).
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  const plain = normalise(password);
  if (commonPasswords().has(plain)) return "This password is too common. Choose one that is harder to guess.";
  if (plain === normalise(email) || plain === normalise(email.split("@")[0] ?? "")) {
    return "Your password must not be your email address.";
  }
  if (new Set(plain).size < 4)
    return "This password repeats too few characters. Choose one that is harder to guess.";
  return null;
}
