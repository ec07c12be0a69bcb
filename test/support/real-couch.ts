/**
 * A real Apache CouchDB for the CouchDB suites, when a developer has one (`COUCHDB_TEST_URL`, with the server admin's
 * credentials in it; `COUCHDB_URL`, its older name, still works): the suites that name it run against it too,
 * beside the stand-ins. Unset (CI), those suites are not registered at all, so no run has a skipped suite to explain.
 */
export const realCouchUrl: string | undefined = process.env.COUCHDB_TEST_URL || process.env.COUCHDB_URL || undefined;

/** Deletes a database of the CouchDB at `url` (credentials in it, as fetch refuses them in the URL); a missing one is fine. */
export async function dropCouchDb(url: string, name: string): Promise<void> {
  const base = new URL(url);
  const headers = new Headers();
  if (base.username) headers.set('authorization', `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`);
  const res = await fetch(`${base.origin}${base.pathname.replace(/\/?$/, '/')}${encodeURIComponent(name)}`, { method: 'DELETE', headers });
  if (!res.ok && res.status !== 404) throw new Error(`could not drop ${name}: ${res.status} ${await res.text()}`);
}
