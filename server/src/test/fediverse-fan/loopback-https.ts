/**
 * Runs `work` while `https://<host>` addresses of the given origins are fetched over plain HTTP.
 * A handle (`@club@host`) is looked up by WebFinger at `https://host/.well-known/webfinger`
 * whatever the site's scheme (Fedify, like Mastodon, asks over HTTPS only); the club under test
 * listens on loopback without TLS, as it would behind the HTTPS proxy that serves it in production.
 */
export async function withLoopbackHttps<T>(origins: string[], work: () => Promise<T>): Promise<T> {
  const hosts = new Set(origins.map((origin) => new URL(origin).host));
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== "https:" || !hosts.has(url.host)) return realFetch(input, init);
    url.protocol = "http:";
    return realFetch(new Request(url, request));
  };
  try {
    return await work();
  } finally {
    globalThis.fetch = realFetch;
  }
}
