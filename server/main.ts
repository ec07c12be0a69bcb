import { realpathSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { createApp } from './app.js';
import type { ReadGate } from './http/admission.js';
import { loadKeys } from './auth/keys.js';
import { configFromEnv, type Config } from './config.js';
import type { AppDeps, FaultHooks } from './deps.js';
import { sweepStaleUploads } from './http/multipart.js';
import { newId } from './ids.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { sweepScoreConflicts } from './scores/scores.service.js';
import { migrateOrganizerEmails } from './trips/organizers.migration.js';
import { createBlobStore, createDocStore } from './store/index.js';
import { recoverInterruptedWizards } from './wizard/wizard.runner.js';

export { newId };

/** Builds the dependencies from a configuration: the one place where adapters are chosen. */
export async function buildDeps(config: Config, overrides: Partial<AppDeps> = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const now = overrides.now ?? (() => new Date());
  const store = overrides.store ?? createDocStore(config);
  await store.init();
  return {
    config,
    store,
    blobs: overrides.blobs ?? createBlobStore(config),
    keys: overrides.keys ?? (await loadKeys(config, now)),
    logger,
    now,
    newId: overrides.newId ?? newId,
    hooks: overrides.hooks ?? {},
    mailer: overrides.mailer ?? createMailer(config, logger, overrides.newId ?? newId),
    validateResponses: overrides.validateResponses ?? false,
    background: overrides.background ?? new Set(),
  };
}

/** Starts the server: builds the app, resumes what a crash interrupted, listens, and shuts down cleanly. */
export async function start(config: Config, overrides: Partial<AppDeps> = {}): Promise<{ server: Server; deps: AppDeps; readGate: ReadGate; stop: () => Promise<void> }> {
  const deps = await buildDeps(config, overrides);
  await migrateOrganizerEmails(deps);
  await recoverInterruptedWizards(deps);
  // Before listening: a score written but not merged when a process died is merged before anyone reads it.
  const merged = await sweepScoreConflicts(deps);
  if (merged > 0) deps.logger.info('merged conflicted scores a crash left behind', { scores: merged });
  const swept = await sweepStaleUploads(config.dataDir);
  if (swept > 0) deps.logger.info('removed uploads a crash left behind', { directories: swept });
  const { app, endLiveFeeds, readGate } = createApp(deps);
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const drain = drainOnClose(server);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await drain(config.shutdownGraceMs, endLiveFeeds, deps.logger);
      await Promise.allSettled([...deps.background]);
      await deps.store.close();
      await deps.mailer.close();
    })();
    return stopping;
  };
  return { server, deps, readGate, stop };
}

/**
 * Shutting the HTTP server down without cutting a request (returned now, called by `stop`): stop accepting; end
 * replication longpolls at once (they answer what they have and the phone asks again, elsewhere or after the
 * restart); close idle keep-alive connections at once, and every other connection as soon as its response is
 * sent (`Connection: close`); after `graceMs`, cut whatever is still open.
 */
function drainOnClose(server: Server): (graceMs: number, endLiveFeeds: () => void, logger: Logger) => Promise<void> {
  const open = new Set<ServerResponse>();
  let closing = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (closing) closeAfter(res);
    res.once('close', () => {
      open.delete(res);
      // The connection this response used is idle now unless it was closed with it.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  return async (graceMs, endLiveFeeds, logger) => {
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of open) closeAfter(res);
    endLiveFeeds();
    server.closeIdleConnections();
    const deadline = setTimeout(() => {
      if (open.size > 0) logger.warn('shutdown grace period over, closing connections still open', { requests: open.size, graceMs });
      server.closeAllConnections();
    }, graceMs);
    try {
      await closed;
    } finally {
      clearTimeout(deadline);
    }
  };
}

/**
 * Fault points for tests that must kill the real process at a precise step, read from the environment here only.
 * TEST-ONLY, never set in production: `FAULT_KILL_BEFORE_SCORE_MERGE=1` kills the process (SIGKILL) when written
 * scores were found conflicted, before they are merged (test/sync/faults-merge-sigkill.test.ts).
 */
export function faultHooksFromEnv(env: NodeJS.ProcessEnv): FaultHooks {
  if (env.FAULT_KILL_BEFORE_SCORE_MERGE !== '1') return {};
  return { beforeScoreMerge: () => void process.kill(process.pid, 'SIGKILL') };
}

/** Whether this module is the program node was started with (`node server/main.ts` via tsx, or the compiled `dist/server/main.js`). */
function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * Started by an npm script (`npm start`): npm passes SIGTERM and SIGINT on to the server, but if npm itself dies
 * without doing so (SIGKILL, a crash), the server must not run on unseen, holding the port and the database. The
 * parent's pid changes when it dies (the orphan is adopted); checked every second.
 */
function exitWithParent(shutdown: (reason: string) => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    shutdown('parent process exited');
  }, 1_000);
  timer.unref();
}

if (isMainModule()) {
  const config = configFromEnv();
  start(config, { hooks: faultHooksFromEnv(process.env) }).then(
    ({ server, deps, stop }) => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      deps.logger.info('listening', { port, store: deps.store.kind, dataDir: config.couchdbUrl ? undefined : config.dataDir, heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 1048576), tripCopiesMb: config.tripCopiesMb });
      let shuttingDown = false;
      const shutdown = (reason: string) => {
        // A second signal changes nothing: Ctrl-C under npm arrives twice (from the terminal and passed on by npm).
        if (shuttingDown) return;
        shuttingDown = true;
        deps.logger.info('shutting down', { reason, graceMs: config.shutdownGraceMs });
        stop().then(
          () => {
            deps.logger.info('stopped');
            deps.logger.flush?.();
            process.exit(0);
          },
          (err: unknown) => {
            deps.logger.error('shutdown failed', { err: String(err) });
            deps.logger.flush?.();
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      if (process.env.npm_lifecycle_event) exitWithParent(shutdown);
    },
    (err: unknown) => {
      process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'could not start', err: String(err) })}\n`);
      process.exit(1);
    },
  );
}
