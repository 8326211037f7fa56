import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key for one purpose, derived from the session secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "waveform-music-club", purpose, 32));
}

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

/**
 * AES-256-GCM with a fresh random IV per message: `v1.<iv>.<ciphertext>.<tag>` in base64url. The
 * tag makes any change to the stored text (or a different key) fail to open instead of decrypting
 * to garbage.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error("AES-256-GCM needs a 32-byte key");
  return {
    seal(plaintext: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },

    open(sealed: string): string {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) {
        throw new SecretBoxError("not a sealed value");
      }
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretBoxError("not a sealed value");
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new SecretBoxError("sealed value was changed or sealed with another key");
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
