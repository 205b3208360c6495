import type { Migration } from 'kysely/migration';
import * as m001 from './001_profiles_categories';

/** Migrations in order. A static list (not a folder scan) works the same under tsx, jest and bundlers. */
export const migrations: Record<string, Migration> = {
  '001_profiles_categories': m001,
};
