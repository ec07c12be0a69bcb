import type { ReadGate } from '../../server/http/admission.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../server/config.js';
import { DEFAULT_AUDIENCE, DEFAULT_RATE_LIMITS } from '../../server/config.js';
import type { AppDeps } from '../../server/deps.js';
import { start } from '../../server/main.js';
import { FsBlobStore } from '../../server/store/blobs.fs.js';

export interface TestServer {
  url: string;
  deps: AppDeps;
  config: Config;
  /** The server's read admission (server/http/admission.ts), for tests that hold its slots. */
  readGate: ReadGate;
  dataDir: string;
  /** Stops the server (waiting for background work) and removes its data directory. */
  close(): Promise<void>;
  /** Stops the server but keeps the data, for a restart on the same directory. */
  stop(): Promise<void>;
  /** Like a killed process: closes connections and storage without waiting for background work. */
  crash(): Promise<void>;
}

/**
 * Starts the real app on an ephemeral loopback port with real storage (embedded PouchDB in a fresh temporary
 * directory unless `couchdbUrl` is given), responses checked against their documented schemas. Files go to an fs
 * BlobStore in the same directory, even with `couchdbUrl`, unless `overrides.blobs` gives another.
 */
export async function startTestServer(options: { couchdbUrl?: string; dataDir?: string; overrides?: Partial<AppDeps>; config?: Partial<Config> } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'golf-test-')));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    ...(options.couchdbUrl ? { couchdbUrl: options.couchdbUrl } : {}),
    publicBaseUrl: 'http://127.0.0.1',
    trustProxy: false,
    trustProxyHops: 1,
    shutdownGraceMs: 2000,
    mail: { from: 'Golf trips <no-reply@test.invalid>' },
    rateLimits: DEFAULT_RATE_LIMITS,
    // Production hashes cost N=2^17 (0.3 s and more each); the suite hashes about a hundred passwords. A test of the
    // real cost passes `testOnlyPasswordCost: undefined`.
    testOnlyPasswordCost: { N: 1 << 12, r: 8, p: 1 },
    auth: { jwtSecret: 'test-secret-that-is-long-enough-0123456789', audience: DEFAULT_AUDIENCE, tokenTtlSeconds: 3600, portalSessionTtlSeconds: 3600 },
    signedUrlTtlSeconds: 900,
    logLevel: 'silent',
    ...options.config,
  };
  const blobs = new FsBlobStore(join(dataDir, 'blobs'));
  const { server, deps, stop, readGate } = await start(config, { validateResponses: true, blobs, ...options.overrides });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    config,
    dataDir,
    readGate,
    stop,
    async crash() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.store.close();
    },
    async close() {
      await stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
