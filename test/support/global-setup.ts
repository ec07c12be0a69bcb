import type { TestProject } from 'vitest/node';
import { buildWeb } from '../../web/build.js';
import { chromiumPath } from '../browser/support/chromium.js';
import { startPouchServer } from './processes.js';

/**
 * Starts one in-memory pouchdb-server for the whole run, so the CouchDB adapter is tested over real HTTP without a
 * CouchDB install. Test files reach it with `inject('couchUrl')` and use their own database names.
 *
 * Also readies the browser tests: the web apps built from the current sources (half a second; into `WEB_DIR`, which
 * the servers the tests start serve too) and Chromium unpacked once, before workers could race to unpack it.
 */
export default async function setup(project: TestProject) {
  await buildWeb();
  await chromiumPath();
  const pouch = await startPouchServer();
  project.provide('couchUrl', pouch.url);
  return pouch.stop;
}
