import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { openScratchDatabase, type ScratchDatabase } from '../../../scripts/scratchDatabase';
import { migrations } from '../../../src/server/db/migrations';
import type { Database } from '../../../src/server/db/schema';

/** A scratch database of the test file's own (PGlite, or one made at DATABASE_URL), handed to `use` and dropped after the file. */
export function onScratchDatabase(use: (db: Kysely<Database>) => void): void {
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    scratch = await openScratchDatabase(process.env.DATABASE_URL, 'tally_migration');
    use(scratch.handle.db);
  });
  afterAll(async () => {
    await scratch?.handle.close();
    await scratch?.drop();
  });
}

/** The schema as migration `name` left it: the state a test fills before running the migrations after it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
}
