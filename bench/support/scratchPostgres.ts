import { openScratchDatabase } from '../../scripts/scratchDatabase';

/**
 * Runs `work` on a new database of the PostgreSQL server at DATABASE_URL (else the local one),
 * dropped afterwards; null, said on the console, when that server cannot be reached.
 */
export async function withScratchPostgres<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T | null> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await openScratchDatabase(serverUrl, prefix).catch((err: Error) => {
    console.log(`PostgreSQL at ${serverUrl} not reachable (${err.message}): its row is skipped`);
    return null;
  });
  if (!scratch) return null;
  await scratch.handle.close();
  try {
    return await work(scratch.url!);
  } finally {
    await scratch.drop();
  }
}
