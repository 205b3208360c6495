import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Money is integer cents (bigint in SQL, cast to int/float in queries
 * where needed so PGlite and pg agree). Every table carries user_id: the distribution column.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProfilesTable {
  user_id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  monthly_budget_cents: ColumnType<number | null, number | null | undefined, number | null>;
  avatar: string | null;
  avatar_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  color: string;
  icon: string;
  budget_cents: number | null;
  is_fallback: Generated<boolean>;
  created_at: Timestamp;
}

export interface Database {
  profiles: ProfilesTable;
  categories: CategoriesTable;
}
