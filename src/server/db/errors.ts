/** Postgres error codes the services turn into 4xx answers (both drivers expose `code`). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string })?.code === '23503';
