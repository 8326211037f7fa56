import { defineEndpoint } from "@waveform/contracts/endpoint";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ApiRequestError, apiRequest, apiRequestOrNull, apiSend, readableError } from "./api-client";

const getThing = defineEndpoint({
  method: "GET",
  path: "/api/things/:id",
  responses: { 200: z.object({ name: z.string() }) },
});
const postThing = defineEndpoint({ method: "POST", path: "/api/things", responses: { 201: z.object({}) } });

function mockFetch(response: Response) {
  const spy = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal("fetch", spy);
  return spy;
}

afterEach(() => vi.unstubAllGlobals());

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
    await expect(apiRequest(getThing, { params: { id: 1 } })).rejects.toThrow();
  });

  it("sends a JSON body with its content type and does not read the answer", async () => {
    const spy = mockFetch(new Response("not json", { status: 201 }));
    await apiSend(postThing, { body: { email: "a@b.co" } });
    const [, init] = spy.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: "POST", body: '{"email":"a@b.co"}' });
    expect(init?.headers).toEqual({ "content-type": "application/json" });
  });
});
