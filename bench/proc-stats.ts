/** CPU time and resident memory of a process by pid, from /proc (Linux), for the benches that run servers as children. */
import { readFile } from 'node:fs/promises';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

/** User + system CPU time of the process so far, ms; NaN when it is gone or /proc is not there. */
export async function cpuMsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** Resident set size of the process, MB; NaN when it is gone. */
export async function rssMbOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}
