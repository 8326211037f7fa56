import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { attributeScript, decodeSegment, sourceLabel } from "./measure-js-sources.mjs";

describe("decodeSegment", () => {
  it("reads base64 VLQ numbers, signs and continuation digits included", () => {
    expect(decodeSegment("AAAA")).toEqual([0, 0, 0, 0]);
    expect(decodeSegment("CAAD")).toEqual([1, 0, 0, -1]);
    // 16 needs a continuation digit: 32 (sign bit 0) = 'g' (32 | 0) then 'B' (1).
    expect(decodeSegment("gB")).toEqual([16]);
  });
});

describe("sourceLabel", () => {
  it("names a package for node_modules code and a path for the app's own", () => {
    expect(sourceLabel("../../node_modules/react-dom/cjs/x.js")).toBe("react-dom");
    expect(sourceLabel("../../node_modules/@tanstack/query-core/build/q.js")).toBe("@tanstack/query-core");
    expect(sourceLabel("../../../work/main/client/src/lib/cn.ts")).toBe("client/src/lib/cn.ts");
  });
});

describe("attributeScript", () => {
  it("shares a bundle's characters out to the files that produced them", async () => {
    const long = "x".repeat(400);
    const { outputFiles } = await build({
      stdin: {
        contents: `import { a } from "./client/src/a.ts"; import { b } from "./node_modules/lib/b.js"; console.log(a, b);`,
        resolveDir: "/",
        sourcefile: "client/src/main.ts",
      },
      bundle: true,
      write: false,
      outfile: "/out.js",
      sourcemap: "external",
      format: "esm",
      plugins: [
        {
          name: "files",
          setup(build) {
            build.onResolve({ filter: /^\.\// }, (args) => ({
              path: `/${args.path.slice(2)}`,
              namespace: "mem",
            }));
            build.onLoad({ filter: /\/a\.ts$/, namespace: "mem" }, () => ({
              contents: `export const a = "${long}";`,
              loader: "ts",
            }));
            build.onLoad({ filter: /\/b\.js$/, namespace: "mem" }, () => ({
              contents: `export const b = 1;`,
            }));
          },
        },
      ],
    });
    const map = JSON.parse(outputFiles.find((file) => file.path.endsWith(".map")).text);
    const code = outputFiles.find((file) => file.path.endsWith(".js")).text;
    const shares = attributeScript(code, map);
    const total = [...shares.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(code.length + 1); // every character once (and each line's end)
    expect(shares.get("client/src/a.ts")).toBeGreaterThan(400);
    expect(shares.get("lib")).toBeGreaterThan(0);
    expect(shares.get("lib")).toBeLessThan(50);
  });
});
