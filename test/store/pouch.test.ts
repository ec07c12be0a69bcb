import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';
import { runDocStoreContract } from './contract.js';

runDocStoreContract('PouchDocStore (embedded LevelDB)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'golf-pouch-store-'));
  return {
    store: new PouchDocStore(dir),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});
