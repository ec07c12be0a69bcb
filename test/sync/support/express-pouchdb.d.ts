/** The part of express-pouchdb 4 (the server inside pouchdb-server) that support/couch-server.ts uses. */
declare module 'express-pouchdb' {
  import type { RequestHandler } from 'express';
  interface Options {
    mode?: 'fullCouchDB' | 'minimumForPouchDB' | 'custom';
    overrideMode?: { include?: string[]; exclude?: string[] };
    inMemoryConfig?: boolean;
    logPath?: string;
  }
  export default function expressPouchDB(PouchDB: unknown, options?: Options): RequestHandler;
}
