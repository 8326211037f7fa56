import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultSiteConfig } from "@waveform/contracts/site";
import { describe, expect, it } from "vitest";
import { loadClientApp } from "./client-app";

function builtClient(pageCode?: string): string {
  const dist = mkdtempSync(join(tmpdir(), "waveform-client-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  if (pageCode !== undefined) writeFileSync(join(dist, "page-code.json"), pageCode);
  return dist;
}

describe("loadClientApp: the build's list of each page's code", () => {
  it("reads the list the build wrote", () => {
    const code = { entry: ["/assets/app.js"], screens: { genres: ["/assets/genres.js"] } };
    expect(loadClientApp(builtClient(JSON.stringify(code)), defaultSiteConfig).pageCode).toEqual(code);
  });

  it("has none for a build without it", () => {
    expect(loadClientApp(builtClient(), defaultSiteConfig).pageCode).toBeNull();
  });

  it("refuses to start on a list it cannot read, naming the file", () => {
    for (const written of [JSON.stringify({ entry: "/assets/app.js" }), "{"]) {
      const dist = builtClient(written);
      expect(() => loadClientApp(dist, defaultSiteConfig), written).toThrow(
        `${join(dist, "page-code.json")} is not the build's list of page code: build the client again`,
      );
    }
  });
});
