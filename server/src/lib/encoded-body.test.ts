import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeBody, etagOf, preferredCoding } from "./encoded-body";

describe("preferredCoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["deflate", null],
    ["BR", "br"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["gzip;q=0.000", null],
    ["gzip;q=0.5", "gzip"],
    ["*", "br"],
    ["*, br;q=0", "gzip"],
    ["*;q=0", null],
    [["gzip", "br"], "br"],
  ] as const)("%j -> %j", (header, coding) => {
    expect(preferredCoding(header as string | string[] | undefined)).toBe(coding);
  });
});

describe("encodeBody", () => {
  it("keeps brotli and gzip copies that decode to the body, and a tag per coding", async () => {
    const body = `<!doctype html>${"<p>Late Night Circuits</p>".repeat(200)}`;
    const encoded = await encodeBody(body);
    expect(brotliDecompressSync(encoded.br).toString()).toBe(body);
    expect(gunzipSync(encoded.gzip).toString()).toBe(body);
    expect(encoded.br.length).toBeLessThan(body.length / 10);
    expect(etagOf(encoded, null)).toBe(encoded.etag);
    expect(etagOf(encoded, "br")).toBe(`${encoded.etag.slice(0, -1)}.br"`);
    expect(etagOf(encoded, "gzip")).toMatch(/^"[\w-]+\.gzip"$/);
  });
});
