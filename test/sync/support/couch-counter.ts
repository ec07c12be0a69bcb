/**
 * A counting proxy in front of a CouchDB-compatible server: every request an app server makes of CouchDB is noted by
 * method and path (query left out) and passed on unchanged. The request-count tests (issue 25) read what one phone
 * request costs at the wire, whatever the adapter does inside.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CouchRequest {
  method: string;
  path: string;
  /** The query string, for reading a sequence when a count is not what a test expects. */
  query: string;
  /** When the proxy got it, and when CouchDB's answer began (`performance.now()`), to tell requests in turn from side by side. */
  at: number;
  answeredAt?: number;
}

export interface CouchCounter {
  /** The proxy's URL, with the credentials of the URL it fronts. */
  url: string;
  seen: CouchRequest[];
  /** The requests since `from` (an index into `seen`), optionally only those whose path starts with `prefix`. */
  since(from: number, prefix?: string): CouchRequest[];
  close(): Promise<void>;
}

export async function startCouchCounter(target: string): Promise<CouchCounter> {
  const upstreamUrl = new URL(target);
  const seen: CouchRequest[] = [];
  const server: Server = createServer((req, res) => {
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const noted: CouchRequest = { method: req.method ?? 'GET', path, query, at: performance.now() };
    seen.push(noted);
    const upstream = httpRequest(
      { host: upstreamUrl.hostname, port: upstreamUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstreamUrl.host } },
      (answer) => {
        noted.answeredAt = performance.now();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(upstreamUrl.href);
  proxied.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxied.href,
    seen,
    since: (from, prefix) => seen.slice(from).filter((r) => !prefix || r.path.startsWith(prefix)),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
