import { describe, expect, it } from "vitest";
import { instanceHost, remoteFollowUrl } from "./fediverse-follow";

describe("instanceHost", () => {
  it("takes a host name, with https://, spaces, capitals or a trailing slash taken off", () => {
    expect(instanceHost("mastodon.social")).toBe("mastodon.social");
    expect(instanceHost("  https://Mastodon.Social/ ")).toBe("mastodon.social");
    expect(instanceHost("social.example.org:8443")).toBe("social.example.org:8443");
    expect(instanceHost("xn--mstdn-ira.example")).toBe("xn--mstdn-ira.example");
  });

  it("refuses anything that is not a host name", () => {
    for (const input of [
      "",
      "localhost",
      "http://mastodon.social",
      "mastodon.social/@me",
      "@me@mastodon.social",
      "me@mastodon.social",
      "javascript:alert(1)",
      "mastodon.social?x=1",
      "mastodon..social",
      "-bad.example",
      "example.123",
      "mastodon.social:0",
      "mastodon.social:99999",
      "evil.example#@mastodon.social",
    ]) {
      expect(instanceHost(input), input).toBeNull();
    }
  });
});

describe("remoteFollowUrl", () => {
  it("is the instance's authorize_interaction page for the account's acct: address", () => {
    expect(remoteFollowUrl("mastodon.social", "@club@club.test")).toBe(
      "https://mastodon.social/authorize_interaction?uri=acct%3Aclub%40club.test",
    );
  });
});
