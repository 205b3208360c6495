import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per PGlite folder. The lock file names its owner (pid and, on Linux, the process's
 * start time), so a lock left by a process that crashed is seen to be stale at once and taken
 * over, while a live owner is always respected. Staleness by age would refuse restarts for
 * seconds after a crash, and a supervisor restarting at once would loop.
 */
export const LOCK_FILE = '.tally.lock';

interface Owner {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux); null where unknown. */
  started: string | null;
}

/** Folders this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name (which may contain spaces) in parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const self = (): Owner => ({ pid: process.pid, started: startTimeOf(process.pid) });

function isAlive(owner: Owner): boolean {
  if (owner.pid === process.pid) return false; // our pid: a previous life of it (containers reuse pids); held folders are checked apart
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid is taken; by the owner only if it started when the owner did.
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null; // vanished, or half written by a process that died while writing it
  }
}

export class FolderInUseError extends Error {}

const inUse = (dir: string) =>
  new FolderInUseError(`The database folder ${dir} is in use by another Tally process. Stop it first, or set DATA_DIR to another folder.`);

/** Takes the folder's lock or throws FolderInUseError; answers the release. */
export function lockFolder(dir: string): () => void {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  if (heldHere.has(resolved)) throw inUse(resolved);
  const mine = JSON.stringify(self());
  try {
    fs.writeFileSync(file, mine, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    takeOver(file, mine, resolved);
  }
  heldHere.add(resolved);
  return () => {
    heldHere.delete(resolved);
    if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/**
 * Replaces a stale lock. Two processes starting at once may both find it stale: a second
 * exclusive file lets only one of them replace it, the other then finds a live owner.
 */
function takeOver(file: string, mine: string, dir: string): void {
  const owner = readOwner(file);
  if (owner && isAlive(owner)) throw inUse(dir);
  const guard = `${file}.takeover`;
  try {
    fs.writeFileSync(guard, mine, { flag: 'wx' });
  } catch {
    const other = readOwner(guard);
    if (other && isAlive(other)) throw inUse(dir);
    fs.rmSync(guard, { force: true }); // left by a process that died taking over
    return takeOver(file, mine, dir);
  }
  try {
    const now = readOwner(file);
    if (now && isAlive(now)) throw inUse(dir);
    fs.writeFileSync(file, mine);
  } finally {
    fs.rmSync(guard, { force: true });
  }
}
