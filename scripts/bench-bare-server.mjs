// The yardstick for `npm run bench`: plain node:http answering fixed bytes per path.
import { createServer } from "node:http";

const answers = new Map(
  Object.entries(JSON.parse(process.env.ANSWERS ?? "{}")).map(([path, body]) => [path, Buffer.from(body)]),
);
createServer((request, response) => {
  const body = answers.get(request.url ?? "");
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": body.length,
  });
  response.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
