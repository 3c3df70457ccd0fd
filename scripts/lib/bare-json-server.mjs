// The bench's yardstick: a bare node:http server answering every request with the same bytes and
// content type the gateway answered with. Run as a child process (its own event loop, as the stack's
// services have theirs): `node bare-json-server.mjs <body file> <content type>`; it listens on an
// ephemeral loopback port and prints that port on stdout.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

const server = http.createServer((req, res) => {
  // Read (and drop) a request body, as a real handler of a POST must before answering.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
