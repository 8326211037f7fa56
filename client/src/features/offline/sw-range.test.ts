import { Blob as PlatformBlob } from "node:buffer";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseRange, rangeResponse } from "./sw-range";

// A service worker has one Blob, its platform's, which its Response reads as a body. Under jsdom the
// global Blob is jsdom's, and Node 24's Response (which checks bodies against the global Blob) would
// take a platform Blob for some other object and send "[object Blob]".
beforeAll(() => vi.stubGlobal("Blob", PlatformBlob));
afterAll(() => vi.unstubAllGlobals());

const BYTES = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
const stored = () =>
  new Response(BYTES, { status: 200, headers: { "content-type": "audio/mpeg", "content-length": "100" } });

describe("Range requests answered from a downloaded episode", () => {
  it("reads the byte spans an audio element asks for", () => {
    expect(parseRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=10-19", 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
  });

  it("refuses spans it cannot meet", () => {
    for (const header of [
      "bytes=100-",
      "bytes=20-10",
      "bytes=-0",
      "bytes=-",
      "items=0-1",
      "bytes=0-1,5-6",
      "",
    ]) {
      expect(parseRange(header, 100), header).toBeNull();
    }
    expect(parseRange("bytes=0-", 0)).toBeNull();
  });

  it("answers a seek with 206 and exactly the bytes asked for", async () => {
    const part = await rangeResponse(stored(), "bytes=40-49");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 40-49/100");
    expect(part.headers.get("content-length")).toBe("10");
    expect(part.headers.get("content-type")).toBe("audio/mpeg");
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
  });

  it("answers the whole file without a Range, and 416 with the size when out of range", async () => {
    const whole = await rangeResponse(stored(), null);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
    const refused = await rangeResponse(stored(), "bytes=200-");
    expect(refused.status).toBe(416);
    expect(refused.headers.get("content-range")).toBe("bytes */100");
  });
});
