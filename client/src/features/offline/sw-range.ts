/**
 * A Range request answered from a whole stored response (the downloaded audio): the audio element
 * asks for `bytes=N-` to seek, and the Cache API keeps only whole 200 answers.
 */

/** The byte span `[start, end]` (inclusive) a Range header asks for, or null when it cannot be met. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, first = "", last = ""] = match;
  if (first === "") {
    // bytes=-N: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** The stored response as the request wants it: whole (200), a part (206), or 416 when out of range. */
export async function rangeResponse(stored: Response, rangeHeader: string | null): Promise<Response> {
  if (!rangeHeader) return stored;
  const body = await stored.blob();
  const type = stored.headers.get("content-type") ?? body.type;
  const span = parseRange(rangeHeader, body.size);
  if (!span) {
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${body.size}` } });
  }
  const part = body.slice(span.start, span.end + 1, type);
  return new Response(part, {
    status: 206,
    headers: {
      "accept-ranges": "bytes",
      "content-type": type,
      "content-length": String(part.size),
      "content-range": `bytes ${span.start}-${span.end}/${body.size}`,
    },
  });
}
