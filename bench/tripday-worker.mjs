// Worker entry of bench/tripday-devices.ts: a worker thread does not get the parent's TypeScript loader, so this
// plain module registers tsx and then loads the TypeScript one, which runs its share of the phones.
import { register } from 'tsx/esm/api';

register();
await import('./tripday-devices.ts');
