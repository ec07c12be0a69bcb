// Worker entry of bench/load-devices.ts: a worker thread does not get the parent's TypeScript loader, so this plain
// module registers tsx and then loads the TypeScript one, which runs its share of the devices.
import { register } from 'tsx/esm/api';

register();
await import('./load-devices.ts');
