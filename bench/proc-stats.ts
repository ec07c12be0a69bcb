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

/** The whole machine's CPU time so far, ms: busy (everything but idle and I/O wait) and all, over every core; from /proc/stat. */
export async function machineCpuMs(): Promise<{ busy: number; all: number }> {
  try {
    const fields = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const all = fields.reduce((a, b) => a + b, 0);
    const idle = fields[3]! + fields[4]!;
    return { busy: (all - idle) * TICK_MS, all: all * TICK_MS };
  } catch {
    return { busy: Number.NaN, all: Number.NaN };
  }
}
