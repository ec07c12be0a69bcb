import type { Server } from 'node:http';
import { createApp } from './app.js';
import { loadKeys } from './auth/keys.js';
import { configFromEnv, type Config } from './config.js';
import type { AppDeps, FaultHooks } from './deps.js';
import { sweepStaleUploads } from './http/multipart.js';
import { newId } from './ids.js';
import { createLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { sweepScoreConflicts } from './scores/scores.service.js';
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
export async function start(config: Config, overrides: Partial<AppDeps> = {}): Promise<{ server: Server; deps: AppDeps; stop: () => Promise<void> }> {
  const deps = await buildDeps(config, overrides);
  await recoverInterruptedWizards(deps);
  // Before listening: a score written but not merged when a process died is merged before anyone reads it.
  const merged = await sweepScoreConflicts(deps);
  if (merged > 0) deps.logger.info('merged conflicted scores a crash left behind', { scores: merged });
  const swept = await sweepStaleUploads(config.dataDir);
  if (swept > 0) deps.logger.info('removed uploads a crash left behind', { directories: swept });
  const { app } = createApp(deps);
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const stop = async () => {
    // Stop accepting, then end open connections at once: a replication longpoll would otherwise hold close() for
    // up to a minute. Clients retry against the next server.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await Promise.allSettled([...deps.background]);
    await deps.store.close();
    await deps.mailer.close();
  };
  return { server, deps, stop };
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

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts');
if (isMain) {
  const config = configFromEnv();
  start(config, { hooks: faultHooksFromEnv(process.env) }).then(
    ({ server, deps, stop }) => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      deps.logger.info('listening', { port, store: deps.store.kind, dataDir: config.couchdbUrl ? undefined : config.dataDir });
      const shutdown = (signal: string) => {
        deps.logger.info('shutting down', { signal });
        stop().then(() => process.exit(0), () => process.exit(1));
      };
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
    },
    (err: unknown) => {
      process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'could not start', err: String(err) })}\n`);
      process.exit(1);
    },
  );
}
