import autocannon from "autocannon";
let visitor = 0;
const url = process.argv[2];
const r = await autocannon({ url, connections: 50, duration: Number(process.argv[3] ?? 8), requests: [{ method: "GET", setupRequest: (q) => ({ ...q, headers: { ...q.headers, "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitor++ % 5000}.0 Safari/537.36`, "accept-encoding": "gzip" } }) }] });
console.log(url, Math.round(r.requests.average), "/s", r.non2xx, r.errors);
