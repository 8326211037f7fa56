import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeFeed, FeedDecodeError } from "./decode";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeFeed", () => {
  it("reads UTF-8 by default and removes blank lines before the declaration", () => {
    const decoded = decodeFeed(utf8('\n\n<?xml version="1.0"?><rss>Björk</rss>'));
    expect(decoded).toMatchObject({ encoding: "utf-8", source: "default", repairedBytes: 0 });
    expect(decoded.text).toBe('<?xml version="1.0"?><rss>Björk</rss>');
  });

  it("honours a byte-order mark over everything else", () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...utf8('<?xml version="1.0" encoding="iso-8859-1"?><a>é</a>'),
    ]);
    expect(decodeFeed(bytes, "text/xml; charset=us-ascii")).toMatchObject({
      encoding: "utf-8",
      source: "bom",
      text: '<?xml version="1.0" encoding="iso-8859-1"?><a>é</a>',
    });
  });

  it("reads UTF-16 with a byte-order mark", () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      iconv.encode("<rss>Sigur Rós</rss>", "utf-16le"),
    ]);
    expect(decodeFeed(bytes).text).toBe("<rss>Sigur Rós</rss>");
  });

  it("uses the XML declaration's encoding", () => {
    const bytes = iconv.encode('<?xml version="1.0" encoding="ISO-8859-1"?><a>décembre</a>', "latin1");
    expect(decodeFeed(bytes, "text/xml; charset=utf-8")).toMatchObject({
      encoding: "iso-8859-1",
      source: "xml-declaration",
      text: '<?xml version="1.0" encoding="ISO-8859-1"?><a>décembre</a>',
    });
  });

  it("falls back to the HTTP charset when the document does not say", () => {
    const bytes = iconv.encode("<rss>Beyoncé</rss>", "windows-1252");
    expect(decodeFeed(bytes, 'application/rss+xml; charset="windows-1252"')).toMatchObject({
      source: "http-header",
      text: "<rss>Beyoncé</rss>",
    });
  });

  it("repairs lone Windows-1252 bytes inside UTF-8", () => {
    const bytes = new Uint8Array([...utf8("<a>it"), 0x92, ...utf8("s Björk</a>")]);
    expect(decodeFeed(bytes)).toMatchObject({ text: "<a>it’s Björk</a>", repairedBytes: 1 });
  });

  it("refuses a UTF-8 character that is cut short, naming the byte", () => {
    const bytes = new Uint8Array([...utf8("<a>cut"), 0xe2, 0x80, ...utf8("]]></a>")]);
    expect(() => decodeFeed(bytes)).toThrow(FeedDecodeError);
    expect(() => decodeFeed(bytes)).toThrow(/cut short at byte 6/);
  });

  it("reads an unknown declared encoding as UTF-8", () => {
    const decoded = decodeFeed(utf8('<?xml version="1.0" encoding="x-made-up"?><a>ok</a>'));
    expect(decoded.encoding).toBe("utf-8");
    expect(decoded.text).toContain("<a>ok</a>");
  });
});
