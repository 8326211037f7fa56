import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..");

/** Every form's code: the source files that call react-hook-form's `useForm`, tests left out. */
function formFiles(): { path: string; source: string }[] {
  return readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => ({ path: name, source: readFileSync(join(src, name), "utf8") }))
    .filter(({ source }) => /\buseForm\b/.test(source));
}

/** A `useForm({ … })` call's options, up to the call's closing `})`. */
const USE_FORM_CALL = /\buseForm(?:<[^>]*>)?\(\{([\s\S]*?)\}\);/g;
/** The `values` option among them, written out (`values: …`) or short (`{ resolver, values }`). */
const VALUES_OPTION = /(?:^|[{,])\s*values\s*(?:[:,]|$)/m;

describe("forms", () => {
  it("start from saved data as defaults, never react-hook-form's `values`", () => {
    // `values` is put back into the fields in an effect after the form arrives: a choice made or
    // text typed the moment the page hydrated was wiped (CI lost the activity page's 'Who' so). A
    // form starting from saved data takes it as `defaultValues`, and its page keys it by that data.
    const files = formFiles();
    const offenders = files.flatMap(({ path, source }) =>
      [...source.matchAll(USE_FORM_CALL)]
        .filter((call) => VALUES_OPTION.test(call[1] ?? ""))
        .map((call) => `${path}:${source.slice(0, call.index).split("\n").length}`),
    );
    expect(files.length).toBeGreaterThan(15);
    expect(offenders).toEqual([]);
  });
});
