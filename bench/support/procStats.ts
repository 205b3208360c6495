/**
 * CPU time and peak memory of another process (the scan process), and the processes below one,
 * from Linux's /proc; null where /proc cannot tell.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** /proc/<pid>/stat's fields after the command name (which may hold spaces: split after its ')'), from the state on; null once it is gone. */
function statFields(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU seconds the process has used so far, over all its threads. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  const fields = pid ? statFields(pid) : null;
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : null;
}

/** The process's resident memory now (VmRSS) in MB; 0 once it is gone. */
export function rssMbOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process's peak resident memory (VmHWM) in MB. */
export function peakRssMbOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Every process started below `pid` (its children, theirs, ...), found by the parent ids in
 * /proc/<n>/stat: /proc/<pid>/task/<pid>/children is missing on kernels built without it.
 */
export function descendantsOf(pid: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    if (parent) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let next = childrenOf.get(pid) ?? []; next.length; next = next.flatMap((p) => childrenOf.get(p) ?? [])) found.push(...next);
  return found;
}

/** The command line a process was started with (its arguments joined by spaces); '' once it is gone. */
export function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** When the process started, in clock ticks since boot: with its id, it tells the process from a later one given the same id. */
export function startTicksOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[19]) : null;
}

/** The whole machine's CPU time so far, busy and in all, in seconds over every core (/proc/stat). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = ticks[3] + ticks[4]; // idle + iowait
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}
