import { describe, expect, it } from "vitest";
import { createSecretBox, deriveKey, SecretBoxError } from "./secret-box";

const box = createSecretBox(deriveKey("a".repeat(40), "test"));

describe("secret box (AES-256-GCM)", () => {
  it("round-trips text, with a fresh IV each time", () => {
    const text = "access-token-ÄÖÜ-🎵";
    const first = box.seal(text);
    const second = box.seal(text);
    expect(first).not.toBe(second);
    expect(first).not.toContain(text);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(box.open(first)).toBe(text);
    expect(box.open(second)).toBe(text);
  });

  it("detects any change to the sealed text", () => {
    const sealed = box.seal("refresh-token");
    const [version, iv, body, tag] = sealed.split(".") as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString("base64url");
    };
    for (const tampered of [
      [version, flip(iv), body, tag],
      [version, iv, flip(body), tag],
      [version, iv, body, flip(tag)],
      ["v2", iv, body, tag],
      [version, iv, body],
    ]) {
      expect(() => box.open(tampered.join("."))).toThrow(SecretBoxError);
    }
  });

  it("cannot be opened with a key from another secret or purpose", () => {
    const sealed = box.seal("token");
    expect(() => createSecretBox(deriveKey("b".repeat(40), "test")).open(sealed)).toThrow(SecretBoxError);
    expect(() => createSecretBox(deriveKey("a".repeat(40), "other")).open(sealed)).toThrow(SecretBoxError);
  });

  it("derives distinct 32-byte keys per purpose", () => {
    const a = deriveKey("s".repeat(32), "one");
    expect(a).toHaveLength(32);
    expect(a.equals(deriveKey("s".repeat(32), "one"))).toBe(true);
    expect(a.equals(deriveKey("s".repeat(32), "two"))).toBe(false);
  });
});
