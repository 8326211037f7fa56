import { describe, expect, it } from "vitest";
import { etagFor, ifNoneMatchMatches } from "./etag";

describe("etagFor", () => {
  it("gives a strong, quoted tag that depends only on the body", () => {
    expect(etagFor("a")).toMatch(/^"[\w-]+"$/);
    expect(etagFor("a")).toBe(etagFor("a"));
    expect(etagFor("a")).not.toBe(etagFor("b"));
  });
});

describe("ifNoneMatchMatches (RFC 9110 §13.1.2, weak comparison)", () => {
  const etag = '"xyzzy"';

  it.each([
    ['"xyzzy"', "the same tag"],
    ['W/"xyzzy"', "the weak form of our tag (a proxy that compressed the body marks it weak)"],
    ['"other", "xyzzy"', "our tag in a list"],
    ['"other",W/"xyzzy"', "our weak tag in a list without spaces"],
    [' , "other" ,, "xyzzy" ', "a list with empty elements and spaces"],
    ["*", "any representation"],
    [" * ", "any representation, with spaces"],
  ])("%s matches: %s", (header, _why) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(true);
  });

  it.each([
    [undefined, "no header"],
    ["", "an empty header"],
    ['"xyzz"', "another tag"],
    ['"XYZZY"', "the same letters in another case (tags are case-sensitive)"],
    ['w/"xyzzy"', "a lower-case w/ (not the weak prefix, so not an entity-tag)"],
    ["xyzzy", "our tag without quotes"],
    ['"xyzzy, other"', "one tag whose text contains ours and a comma"],
    ['"other"', "a single other tag"],
    ['"other" "xyzzy"', "two tags without a comma (not a list)"],
    ['"xyzzy', "an unterminated tag"],
    ['"xyzzy", *', "* inside a list (not allowed there)"],
  ])("%s does not match: %s", (header, _why) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(false);
  });

  it("reads a tag with a comma inside as one tag", () => {
    expect(ifNoneMatchMatches('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatchMatches('"a", "b"', '"a,b"')).toBe(false);
  });

  it("compares our weak tag weakly too", () => {
    expect(ifNoneMatchMatches('"xyzzy"', 'W/"xyzzy"')).toBe(true);
  });

  it("reads several header lines as one list", () => {
    expect(ifNoneMatchMatches(['"a"', 'W/"xyzzy"'], etag)).toBe(true);
    expect(ifNoneMatchMatches(['"a"', '"b"'], etag)).toBe(false);
  });
});
