import { sql } from 'kysely';
import { migratedPgliteImage, openDatabase } from '../../../src/server/db';
import { migrations } from '../../../src/server/db/migrations';

/** The image in-memory scratch databases start from (scripts/scratchDatabase.ts). */
describe('a PGlite started from a migrated image', () => {
  it('holds every migration, and each start from the image is a database of its own', async () => {
    const image = await migratedPgliteImage();
    const first = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: image });
    try {
      const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(first.db);
      expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      await first.db
        .insertInto('profiles')
        .values({ user_id: 'imaged', email: 'imaged@example.com', display_name: 'Imaged', first_name: 'Imaged', last_name: '' })
        .execute();
      expect((await first.db.selectFrom('profiles').select('user_id').execute()).map((r) => r.user_id)).toEqual(['imaged']);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: image });
    try {
      expect(await second.db.selectFrom('profiles').select('user_id').execute()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
