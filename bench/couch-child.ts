/**
 * The CouchDB stand-in of `npm run bench:tripday` in a process of its own (so its CPU and memory are its own):
 * test/sync/support/couch-server.ts (express-pouchdb over LevelDB, keeping replicated conflicts as CouchDB does).
 * Prints `COUCH <url>` once listening; stops on SIGTERM.
 */
import { startCouchServer } from '../test/sync/support/couch-server.js';

const couch = await startCouchServer();
process.stdout.write(`COUCH ${couch.url}\n`);
process.on('SIGTERM', () => {
  void couch.stop().then(() => process.exit(0));
});
