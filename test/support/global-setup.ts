import type { TestProject } from 'vitest/node';
import { startPouchServer } from './processes.js';

/**
 * Starts one in-memory pouchdb-server for the whole run, so the CouchDB adapter is tested over real HTTP without a
 * CouchDB install. Test files reach it with `inject('couchUrl')` and use their own database names.
 */
export default async function setup(project: TestProject) {
  const pouch = await startPouchServer();
  project.provide('couchUrl', pouch.url);
  return pouch.stop;
}
