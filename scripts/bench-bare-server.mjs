// The yardstick for `npm run bench`: plain node:http answering fixed bytes per path. Each answer is
// a body (text, or `base64` bytes: a compressed body) and, optionally, the headers to send with it
// (as name, value pairs; Content-Length is added): without them only Content-Type and
// Content-Length go with the body.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(String(process.env.ANSWERS_FILE), "utf8"))).map(
    ([path, { body, base64, headers }]) => {
      const bytes = base64 === undefined ? Buffer.from(body) : Buffer.from(base64, "base64");
      const sent = headers ?? ["content-type", "application/json; charset=utf-8"];
      return [path, { bytes, headers: [...sent, "content-length", String(bytes.length)] }];
    },
  ),
);
createServer((request, response) => {
  const answer = answers.get(request.url ?? "");
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.bytes);
}).listen(Number(process.env.PORT), "127.0.0.1");
