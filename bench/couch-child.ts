/**
 * The CouchDB stand-in of `npm run bench:tripday` in a process of its own (so its CPU and memory are its own):
 * test/sync/support/couch-server.ts (express-pouchdb over LevelDB, keeping replicated conflicts as CouchDB does).
 * Prints `COUCH <url>` once listening; stops on SIGTERM.
 *
 * `COUCH_CHILD_DIR=<dir>` serves the databases of that directory and leaves them there (`bench:season`'s season).
 * `TRIPDAY_KEEP_DATA=1` keeps its databases (and their LevelDB LOG files). `TRIPDAY_STANDIN_LOG=<file>` writes one
 * JSON line per second of how it fared, to tell a pause of its own from a slow request: the longest its event loop was
 * held (`loopMaxMs`), its garbage collections (`gcMs`, `gcMaxMs`), the longest a small file-system call waited for
 * libuv's thread pool, which LevelDB's reads and writes also run on (`poolMaxMs`), its CPU (`cpuMs`) and heap.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { startCouchServer } from '../test/sync/support/couch-server.js';

const couch = await startCouchServer({ keepDir: Boolean(process.env.TRIPDAY_KEEP_DATA), ...(process.env.COUCH_CHILD_DIR ? { dir: process.env.COUCH_CHILD_DIR } : {}) });
if (process.env.TRIPDAY_KEEP_DATA) process.stderr.write(`  the stand-in's databases are kept in ${couch.dir}\n`);
const logPath = process.env.TRIPDAY_STANDIN_LOG;
let stopLog = () => {};
if (logPath) {
  const log = createWriteStream(logPath);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcMaxMs = Math.max(gcMaxMs, e.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let poolMaxMs = 0;
  let probing = false;
  const probe = setInterval(() => {
    if (probing) return;
    probing = true;
    const t0 = performance.now();
    void stat(couch.dir).finally(() => {
      poolMaxMs = Math.max(poolMaxMs, performance.now() - t0);
      probing = false;
    });
  }, 50);
  let cpu = process.cpuUsage();
  const tick = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const line = { at: Date.now(), loopMaxMs: Math.round(loop.max / 1e6), gcMs: Math.round(gcMs), gcMaxMs: Math.round(gcMaxMs), poolMaxMs: Math.round(poolMaxMs), cpuMs: Math.round((used.user + used.system) / 1000), heapMb: Math.round(process.memoryUsage().heapUsed / 1e6) };
    log.write(`${JSON.stringify(line)}\n`);
    loop.reset();
    gcMs = gcMaxMs = poolMaxMs = 0;
  }, 1_000);
  stopLog = () => {
    clearInterval(tick);
    clearInterval(probe);
    gc.disconnect();
    log.end();
  };
}
process.stdout.write(`COUCH ${couch.url}\n`);
process.on('SIGTERM', () => {
  stopLog();
  void couch.stop().then(() => process.exit(0));
});
