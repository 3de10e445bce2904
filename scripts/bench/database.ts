import pg from 'pg';

/** The dedicated database the benchmark creates and drops; the one in DATABASE_URL is only used to do that. */
export const BENCH_DATABASE = 'onboarding_bench';

export function benchDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops any leftover bench database and creates an empty one; answers the server's version. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; serverVersion: string }> {
  return withAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await client.query(`create database ${BENCH_DATABASE}`);
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return { url: benchDatabaseUrl(adminUrl), serverVersion: rows[0]?.server_version ?? 'unknown' };
  });
}

export async function dropBenchDatabase(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  });
}

/** Whether a PostgreSQL server answers at the URL. */
export async function isPostgresReachable(adminUrl: string): Promise<boolean> {
  try {
    await withAdmin(adminUrl, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}
