/** PostgreSQL's unique_violation (23505), from node-postgres or PGlite, bare or wrapped by drizzle as the cause. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
};
