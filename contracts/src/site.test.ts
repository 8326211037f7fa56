import { describe, expect, it } from "vitest";
import { defaultSiteConfig, siteConfigFromEnv } from "./site";

describe("siteConfigFromEnv", () => {
  it("gives the defaults when nothing is set", () => {
    expect(siteConfigFromEnv({})).toEqual(defaultSiteConfig);
  });

  it("applies overrides, trimmed, and ignores blank ones", () => {
    const config = siteConfigFromEnv({
      SITE_SHORT_NAME: "  Night Shift ",
      SITE_NAME: "   ",
      SITE_YOUTUBE_URL: "https://www.youtube.com/@nightshift",
    });
    expect(config.shortName).toBe("Night Shift");
    expect(config.name).toBe(defaultSiteConfig.name);
    expect(config.social.youtube).toBe("https://www.youtube.com/@nightshift");
  });

  it("names the variable of a bad value", () => {
    expect(() => siteConfigFromEnv({ SITE_SUBMISSIONS_EMAIL: "nobody" })).toThrow(/^SITE_SUBMISSIONS_EMAIL:/);
    expect(() => siteConfigFromEnv({ SITE_FACEBOOK_URL: "not a url" })).toThrow(/^SITE_FACEBOOK_URL:/);
  });

  it.each([
    ["SITE_INSTAGRAM_URL", "javascript:alert(document.cookie)"],
    ["SITE_TWITTER_URL", "http://x.com/waveform"],
    ["SITE_FACEBOOK_URL", "data:text/html,<script>alert(1)</script>"],
    ["SITE_YOUTUBE_URL", "JavaScript://%0aalert(1)"],
    ["SITE_YOUTUBE_URL", "ftp://files.example/club"],
  ])("refuses %s = %s: social links must be https addresses", (variable, value) => {
    expect(() => siteConfigFromEnv({ [variable]: value })).toThrow(
      new Error(`${variable}: must be an https:// address (got another scheme or no address)`),
    );
  });

  it("takes an https social link", () => {
    expect(siteConfigFromEnv({ SITE_INSTAGRAM_URL: "https://instagram.com/club" }).social.instagram).toBe(
      "https://instagram.com/club",
    );
  });
});
