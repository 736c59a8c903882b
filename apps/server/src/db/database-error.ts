/** Errors of the database drivers, as the platform reads them. */

/** The SQLSTATE of a failed query: on the error itself (PGlite) or on the driver error the ORM wraps (PostgreSQL). */
export function databaseCodeOf(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
