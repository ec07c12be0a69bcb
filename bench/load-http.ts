/**
 * The load generator's HTTP client: node:http over a keep-alive agent, the answer's bytes counted and dropped.
 *
 * Under `bench:load` the generator shares the machine with the server. With `fetch` and a `JSON.parse` of every
 * answer it used a whole core on 2 CPUs and its own event loop lagged 230 ms at p95, so the latencies it printed
 * were mostly its own queueing. Each simulated reader or writer has at most one request in flight, so the agent
 * keeps one socket per reader or writer, as a phone or a TV would.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

export interface LightResponse {
  status: number;
  /** Bytes of the body received. */
  bytes: number;
}

export function lightRequest(baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<LightResponse> {
  return new Promise((resolve, reject) => {
    // As every browser and fetch asks (the bytes are counted, not unpacked: nobody reads them).
    const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: Buffer | undefined;
    if (options.body !== undefined) {
      payload = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const req = http.request(baseUrl + path, { method, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Closes the idle sockets the generator kept. */
export const closeLightClient = () => agent.destroy();
