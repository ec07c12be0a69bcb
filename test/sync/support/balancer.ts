/**
 * A small round-robin load balancer over app servers, as an operator puts one in front of two or more: a request
 * whose server refuses the connection goes to the next one (what a balancer with health checks does), so phones
 * see a dead server as one failed request at most. Used by the failover test and `npm run bench:tripday`.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  url: string;
  /** Requests answered, by the app server's URL. */
  routed: Map<string, number>;
  close(): Promise<void>;
}

export interface BalancerOptions {
  /** The app servers up now (read at every request, so a killed one can be taken out). */
  targets: () => string[];
  /** Called for every request once a server answered it. */
  onAnswered?: (req: IncomingMessage, target: string) => void;
}

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  let next = 0;
  const routed = new Map<string, number>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // A server that refuses the connection (killed) is not tried again for this request: the others are, in turn.
      const refused = new Set<string>();
      const tryServer = (attempt: number) => {
        const live = options.targets().filter((t) => !refused.has(t));
        if (live.length === 0) {
          res.writeHead(503, { 'retry-after': '1' }).end();
          return;
        }
        const target = live[next++ % live.length]!;
        const url = new URL(target);
        const upstream = httpRequest({ host: url.hostname, port: url.port, method: req.method, path: req.url, headers: { ...req.headers, host: url.host } }, (answer) => {
          routed.set(target, (routed.get(target) ?? 0) + 1);
          options.onAnswered?.(req, target);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (!res.headersSent && err.code === 'ECONNREFUSED') {
            refused.add(target);
            tryServer(attempt + 1);
          }
          else res.destroy();
        });
        res.on('close', () => upstream.destroy());
        upstream.end(body);
      };
      tryServer(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
