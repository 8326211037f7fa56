import { defineEndpoint } from "@waveform/contracts/endpoint";
import { listPlaylists } from "@waveform/contracts/playlists";
import { DiscoveryPodcastSchema, listRealPodcasts } from "@waveform/contracts/podcasts";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ApiAnswerError, ApiRequestError, inHubWords, readableError } from "./errors";
import { apiRequest, apiRequestOrNull, apiSend } from "./request";

const getThing = defineEndpoint({
  method: "GET",
  path: "/api/things/:id",
  responses: { 200: z.object({ name: z.string() }) },
});
const postThing = defineEndpoint({ method: "POST", path: "/api/things", responses: { 201: z.object({}) } });

const ItemSchema = z.object({ id: z.int(), title: z.string(), updatedOn: z.string().check(z.minLength(1)) });
const listItems = defineEndpoint({
  method: "GET",
  path: "/api/items",
  responses: { 200: z.object({ total: z.int(), items: z.array(ItemSchema) }) },
});
const listBareItems = defineEndpoint({
  method: "GET",
  path: "/api/bare",
  responses: { 200: z.array(ItemSchema) },
});

function mockFetch(response: Response) {
  const spy = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal("fetch", spy);
  return spy;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("api client", () => {
  it("sends credentials, fills the path and the query, and parses with the contract", async () => {
    const spy = mockFetch(Response.json({ name: "Rock", extra: true }));
    const data = await apiRequest(getThing, { params: { id: "r&b" }, query: { q: "a b", empty: "" } });
    expect(data).toEqual({ name: "Rock" });
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe("/api/things/r%26b?q=a+b");
    expect(init).toMatchObject({ method: "GET", credentials: "include" });
    expect(init?.headers).toBeUndefined();
  });

  it("throws '<status>: <body text>' on a non-ok answer", async () => {
    mockFetch(new Response('{"error":"Not found"}', { status: 404, statusText: "Not Found" }));
    const error = await apiRequest(getThing, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('404: {"error":"Not found"}');
    expect((error as ApiRequestError).status).toBe(404);
  });

  it("reads our JSON error's sentence for visitors, else keeps the message", async () => {
    mockFetch(new Response('{"error":"Not connected to Spotify"}', { status: 401 }));
    const error = await apiRequest(getThing, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(readableError(error)).toBe("Not connected to Spotify");
    mockFetch(new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const html = await apiRequest(getThing, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(readableError(html)).toBe("502: <html>Bad gateway</html>");
    expect(readableError(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });

  it("says a failed music-hub call as 'API error: <status>' and leaves other failures alone", async () => {
    mockFetch(new Response('{"error":"Internal server error"}', { status: 500 }));
    await expect(inHubWords(apiRequest(getThing, { params: { id: 1 } }))).rejects.toThrow(/^API error: 500$/);
    await expect(inHubWords(Promise.reject(new TypeError("Failed to fetch")))).rejects.toThrow(
      "Failed to fetch",
    );
  });

  it("uses the status text when the error body is empty", async () => {
    mockFetch(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest(getThing, { params: { id: 1 } })).rejects.toThrow("503: Service Unavailable");
  });

  it("raises on 401 by default, and gives null with the 401 option", async () => {
    mockFetch(new Response("Unauthorized", { status: 401 }));
    await expect(apiRequest(getThing, { params: { id: 1 } })).rejects.toThrow("401: Unauthorized");
    mockFetch(new Response("Unauthorized", { status: 401 }));
    await expect(apiRequestOrNull(getThing, { params: { id: 1 } })).resolves.toBeNull();
  });

  it("rejects an answer that breaks the contract", async () => {
    mockFetch(Response.json({ name: 42 }));
    const error = await apiRequest(getThing, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAnswerError);
    expect(readableError(error)).toBe("Unexpected answer from GET /api/things/1");
  });

  it("rejects an answer that is not JSON", async () => {
    mockFetch(new Response("<html>maintenance</html>", { status: 200 }));
    await expect(apiRequest(getThing, { params: { id: 1 } })).rejects.toBeInstanceOf(ApiAnswerError);
  });

  it("sends a JSON body with its content type and does not read the answer", async () => {
    const spy = mockFetch(new Response("not json", { status: 201 }));
    await apiSend(postThing, { body: { email: "a@b.co" } });
    const [, init] = spy.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: "POST", body: '{"email":"a@b.co"}' });
    expect(init?.headers).toEqual({ "content-type": "application/json" });
  });
});

describe("reading list answers item by item", () => {
  const good = (id: number) => ({ id, title: `Item ${id}`, updatedOn: "2026-01-05" });

  it("shows the valid items of a list, and leaves out and logs the one that does not fit", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockFetch(Response.json({ total: 3, items: [good(1), { ...good(2), updatedOn: 20260105 }, good(3)] }));
    const data = await apiRequest(listItems);
    expect(data.items.map((item) => item.id)).toEqual([1, 3]);
    expect(data.total).toBe(3);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain("GET /api/items: left out items[1]");
    expect(warn.mock.calls[0]?.[0]).toContain("items[1].updatedOn");
  });

  it("reads a bare list the same way, and drops several bad items in one answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockFetch(Response.json([{ id: "x" }, good(2), null, good(4), { ...good(5), title: 5 }]));
    expect((await apiRequest(listBareItems)).map((item) => item.id)).toEqual([2, 4]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("does not require a field the screen does not read (a picked reading schema)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { updatedOn: _, ...withoutDate } = good(1);
    mockFetch(Response.json({ total: 1, items: [withoutDate] }));
    const data = await apiRequest(listItems, {
      answer: z.object({ items: z.array(z.pick(ItemSchema, { id: true, title: true })) }),
    });
    expect(data.items).toEqual([{ id: 1, title: "Item 1" }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("takes a playlist whose updatedAt is any text (the field is text, not a date)", async () => {
    const playlist = {
      id: 1,
      title: "Late Night Circuits",
      description: "Synths after dark",
      imageUrl: "/art/playlists/1.svg",
      genre: "Electronic",
      platform: "Spotify",
      curator: "Waveform",
      trackCount: 12,
      externalUrl: "https://open.spotify.com/playlist/1",
      platformId: null,
      publishedDate: "2026-01-01",
      updatedAt: "last week",
      isNew: false,
      featured: true,
    };
    mockFetch(Response.json({ playlists: [playlist] }));
    expect((await apiRequest(listPlaylists)).playlists[0]?.updatedAt).toBe("last week");
  });

  it("reads a discovery list carrying only the podcast fields that page reads", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const podcast = {
      id: 7,
      slug: "mix-notes",
      title: "Mix Notes",
      host: "Ada",
      description: "How mixes come together",
      imageUrl: "/art/podcasts/7.svg",
      latestEpisode: null,
      platform: "Spotify",
      externalUrl: "https://open.spotify.com/show/7",
    };
    mockFetch(Response.json({ podcasts: [podcast] }));
    const answer = z.object({ podcasts: z.array(DiscoveryPodcastSchema) });
    expect((await apiRequest(listRealPodcasts, { answer })).podcasts).toEqual([podcast]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("the full contract still leaves out the item that lacks it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { updatedOn: _, ...withoutDate } = good(1);
    mockFetch(Response.json({ total: 2, items: [withoutDate, good(2)] }));
    expect((await apiRequest(listItems)).items.map((item) => item.id)).toEqual([2]);
  });

  it("still fails a totally wrong answer, and one wrong outside its list items", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockFetch(Response.json({ total: 1, items: "none" }));
    await expect(apiRequest(listItems)).rejects.toBeInstanceOf(ApiAnswerError);
    mockFetch(Response.json([good(1)]));
    await expect(apiRequest(listItems)).rejects.toThrow("Unexpected answer from GET /api/items");
    mockFetch(Response.json({ total: "many", items: [good(1), { id: 2 }] }));
    await expect(apiRequest(listItems)).rejects.toBeInstanceOf(ApiAnswerError);
    mockFetch(Response.json({ items: [] }));
    await expect(apiRequestOrNull(listItems)).rejects.toBeInstanceOf(ApiAnswerError);
    expect(warn).not.toHaveBeenCalled();
  });
});
