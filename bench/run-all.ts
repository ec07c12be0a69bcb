/**
 * `npm run bench`: runs every `bench/*.bench.ts` one after the other, each in its own process (a benchmark's
 * servers and timers must not overlap with the next one's). Exits non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${file}`], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
