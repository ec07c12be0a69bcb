import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface DesignDoc {
  _id: string;
  _rev?: string;
  language: string;
  views: Record<string, { map: string; reduce?: string }>;
  validate_doc_update?: string;
}

function load(name: string): DesignDoc {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./${name}.json`, import.meta.url)), 'utf8')) as DesignDoc;
}

/**
 * The design documents, read from the JSON files beside this module: the single source that both store adapters
 * install (and that an operator can push to a CouchDB cluster with `couchdb/setup.sh`).
 */
export function designDocs(): { trip: DesignDoc[]; registry: DesignDoc[] } {
  return { trip: [load('trip')], registry: [load('registry')] };
}

/** True when the stored design document already has the same content (revision aside). */
export function sameDesign(stored: Record<string, unknown> | undefined, wanted: DesignDoc): boolean {
  if (!stored) return false;
  const strip = ({ _rev, ...rest }: Record<string, unknown>) => JSON.stringify(sortKeys(rest));
  return strip(stored) === strip(wanted as unknown as Record<string, unknown>);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]));
  }
  return v;
}
