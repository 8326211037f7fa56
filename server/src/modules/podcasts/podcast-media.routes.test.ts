import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podcastMediaFolder } from "../../paths";
import { createTestApp, type TestApp } from "../../test/test-app";

const manifest = JSON.parse(readFileSync(join(podcastMediaFolder, "audio-files.json"), "utf8")) as Record<
  string,
  { bytes: number; vtt: string; srt: string; chapters: string }
>;
const [path = ""] = Object.keys(manifest);
const companions = manifest[path] ?? { vtt: "", srt: "", chapters: "" };
const url = `/media/podcasts/${path}`;
const file = readFileSync(join(podcastMediaFolder, path));
const size = file.length;

describe("the club's podcast audio at /media/podcasts/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET", at = url) =>
    t.app.inject({ method, url: at, headers });

  it("answers the whole file as audio/mpeg, cached for good, with validators and Accept-Ranges", async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("audio/mpeg");
    expect(Number(response.headers["content-length"])).toBe(size);
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.etag).toMatch(/^(W\/)?"/);
    expect(response.headers["last-modified"]).toBeTruthy();
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(response.rawPayload.equals(file)).toBe(true);
  });

  it("answers 206 with the first bytes for bytes=0-99", async () => {
    const response = await get({ range: "bytes=0-99" });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(Number(response.headers["content-length"])).toBe(100);
    expect(response.rawPayload.equals(file.subarray(0, 100))).toBe(true);
    expect(response.rawPayload.subarray(0, 3).toString()).toBe("ID3");
  });

  it("answers 206 with the last bytes for a suffix range, bytes=-500", async () => {
    const response = await get({ range: "bytes=-500" });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(response.rawPayload.equals(file.subarray(size - 500))).toBe(true);
  });

  it("answers 206 from an offset to the end for an open-ended range, bytes=1000-", async () => {
    const response = await get({ range: "bytes=1000-" });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(Number(response.headers["content-length"])).toBe(size - 1000);
    expect(response.rawPayload.equals(file.subarray(1000))).toBe(true);
  });

  it("answers 416 with Content-Range: bytes */size for a range it cannot satisfy or that is invalid", async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, "bytes=500-100", "bytes=abc"]) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers["content-range"], range).toBe(`bytes */${size}`);
    }
  });

  it("ignores a range in a unit it does not know, and one whose If-Range no longer matches", async () => {
    // RFC 9110 §14.2: a Range in an unknown unit is ignored; §13.1.5: a stale If-Range gets the whole file.
    const items = await get({ range: "items=0-5" });
    expect(items.statusCode).toBe(200);
    expect(items.rawPayload.length).toBe(size);
    const stale = await get({ range: "bytes=0-99", "if-range": '"not-this-file"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
    const { etag = "" } = (await get()).headers as { etag?: string };
    const fresh = await get({ range: "bytes=0-99", "if-range": etag });
    expect(fresh.statusCode).toBe(206);
  });

  it("answers 304 to a conditional GET with the file's ETag", async () => {
    const { etag = "" } = (await get()).headers as { etag?: string };
    const response = await get({ "if-none-match": etag });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
  });

  it("answers HEAD with the headers and no body, for the whole file and for a range", async () => {
    const whole = await get({}, "HEAD");
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/mpeg");
    expect(Number(whole.headers["content-length"])).toBe(size);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.length).toBe(0);
    const part = await get({ range: "bytes=0-9" }, "HEAD");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${size}`);
    expect(part.rawPayload.length).toBe(0);
  });

  it("serves nothing but the audio files: no way out of the folder, no README, list or generator", async () => {
    const secrets = [readFileSync(join(podcastMediaFolder, "..", "..", "package.json"), "utf8")];
    for (const at of [
      "/media/podcasts/../../package.json",
      "/media/podcasts/%2e%2e/%2e%2e/package.json",
      "/media/podcasts/..%2f..%2fpackage.json",
      "/media/podcasts/%2e%2e%2f%2e%2e%2fpackage.json",
      "/media/podcasts/green-room-sessions/..%5c..%5cpackage.json",
      "/media/podcasts//etc/passwd",
      "/media/podcasts/README.md",
      "/media/podcasts/audio-files.json",
      "/media/podcasts/make-audio.mjs",
      "/media/podcasts/",
      "/media/podcasts/green-room-sessions/",
      `${url}.bak`,
    ]) {
      const response = await get({}, "GET", at);
      expect([400, 403, 404], at).toContain(response.statusCode);
      expect(response.headers["content-type"] ?? "", at).not.toContain("audio/");
      for (const secret of secrets) expect(response.body, at).not.toContain(secret.slice(0, 40));
      expect(response.body, at).not.toContain("espeak-ng");
    }
  });

  it("answers 404 for an audio file that does not exist", async () => {
    const response = await get({}, "GET", "/media/podcasts/green-room-sessions/ep999-0000000000.mp3");
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ["WebVTT transcript", companions.vtt, "text/vtt; charset=utf-8", "WEBVTT\n"],
    ["SRT transcript", companions.srt, "application/x-subrip; charset=utf-8", "1\n00:00:02,000 --> "],
    ["JSON chapters", companions.chapters, "application/json+chapters; charset=utf-8", "{"],
  ])(
    "answers the episode's %s with its type, cached for good, readable by other sites",
    async (_kind, file, type, start) => {
      const response = await get({}, "GET", `/media/podcasts/${file}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(type);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers.etag).toMatch(/^(W\/)?"/);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(response.body).toBe(readFileSync(join(podcastMediaFolder, file), "utf8"));
      expect(response.body.startsWith(start)).toBe(true);
      const again = await get(
        { "if-none-match": String(response.headers.etag) },
        "GET",
        `/media/podcasts/${file}`,
      );
      expect(again.statusCode).toBe(304);
    },
  );

  it("answers 404 for a transcript or chapters file that does not exist, or by another ending", async () => {
    for (const name of [
      "ep999-0000000000.vtt",
      "ep999-0000000000.srt",
      "ep999-0000000000.chapters.json",
      "ep999-0000000000.json",
      "ep999-0000000000.txt",
    ]) {
      const response = await get({}, "GET", `/media/podcasts/green-room-sessions/${name}`);
      expect(response.statusCode, name).toBe(404);
    }
    // A real episode's file under an ending the route does not serve.
    const json = `/media/podcasts/${companions.chapters.replace(".chapters.json", ".json")}`;
    expect((await get({}, "GET", json)).statusCode).toBe(404);
  });
});
