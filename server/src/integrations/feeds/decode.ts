import iconv from "iconv-lite";

export class FeedDecodeError extends Error {
  override name = "FeedDecodeError";
}

export interface DecodedFeed {
  text: string;
  /** The encoding the bytes were read as, e.g. "utf-8", "iso-8859-1". */
  encoding: string;
  /** Where the encoding came from. */
  source: "bom" | "xml-declaration" | "http-header" | "default";
  /** Bytes that were not valid in the declared UTF-8 and were read as Windows-1252 instead. */
  repairedBytes: number;
}

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  for (const [mark, encoding] of BOMS) {
    if (mark.every((byte, index) => bytes[index] === byte)) return { encoding, length: mark.length };
  }
  return null;
}

function declaredEncoding(bytes: Uint8Array): string | null {
  // The declaration is ASCII by definition; leading blank lines are tolerated (some feeds have them).
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1");
  const match = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  return match?.[1]?.toLowerCase() ?? null;
}

function headerEncoding(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([A-Za-z0-9._-]+)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase() ?? null;
}

function normalise(encoding: string): string {
  const lower = encoding.toLowerCase();
  return lower === "utf8" ? "utf-8" : lower;
}

/** Length of the UTF-8 sequence a lead byte starts, or 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

/**
 * UTF-8 with a repair for the classic mislabel: a lone byte that cannot be part of any UTF-8
 * sequence (0x80–0xBF on its own, 0xC0, 0xC1, 0xF5–0xFF) is read as Windows-1252, as a cp1252
 * editor wrote it. A multi-byte character that starts but is cut short is corruption, not a
 * mislabel; guessing would put garbage in the catalogue, so the feed is refused.
 */
function decodeUtf8Repairing(bytes: Uint8Array): { text: string; repairedBytes: number } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), repairedBytes: 0 };
  } catch {
    // fall through to the byte-by-byte reading below
  }
  const strict = new TextDecoder("utf-8", { fatal: true });
  let text = "";
  let repairedBytes = 0;
  let start = 0;
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index] as number;
    if (byte < 0x80) {
      index++;
      continue;
    }
    const length = sequenceLength(byte);
    if (length > 0) {
      let complete = true;
      for (let offset = 1; offset < length; offset++) {
        if (!isContinuation(bytes[index + offset])) complete = false;
      }
      if (complete) {
        index += length;
        continue;
      }
      if (isContinuation(bytes[index + 1])) {
        throw new FeedDecodeError(
          `The feed says it is UTF-8, but a character is cut short at byte ${index}; the file is damaged.`,
        );
      }
    }
    text += strict.decode(bytes.subarray(start, index));
    text += iconv.decode(Buffer.from([byte]), "windows-1252");
    repairedBytes++;
    index++;
    start = index;
  }
  text += strict.decode(bytes.subarray(start));
  return { text, repairedBytes };
}

/**
 * Turns feed bytes into text. The encoding comes from a byte-order mark, else the XML
 * declaration, else the HTTP Content-Type charset, else UTF-8. Whitespace and a BOM before the
 * first tag are removed (feeds with a blank line before `<?xml` are common).
 */
export function decodeFeed(bytes: Uint8Array, contentType?: string | null): DecodedFeed {
  const bom = bomEncoding(bytes);
  const declared = declaredEncoding(bytes);
  const header = headerEncoding(contentType);
  const [encoding, source]: [string, DecodedFeed["source"]] = bom
    ? [bom.encoding, "bom"]
    : declared
      ? [normalise(declared), "xml-declaration"]
      : header
        ? [normalise(header), "http-header"]
        : ["utf-8", "default"];
  const body = bom ? bytes.subarray(bom.length) : bytes;

  let text: string;
  let repairedBytes = 0;
  if (encoding === "utf-8" || !iconv.encodingExists(encoding)) {
    ({ text, repairedBytes } = decodeUtf8Repairing(body));
  } else {
    text = iconv.decode(Buffer.from(body), encoding);
  }
  return {
    text: text.replace(/^[\s\uFEFF]+/, ""),
    encoding: iconv.encodingExists(encoding) ? encoding : "utf-8",
    source,
    repairedBytes,
  };
}
