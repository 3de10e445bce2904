// A floor for the benchmark, run as its own process: a bare Fastify server with
// one trivial route ("trivial"), or one route doing a single PostgreSQL point
// select through pg ("pg"). Usage: floor-server.ts trivial|pg PORT [DATABASE_URL]
import Fastify from 'fastify';
import pg from 'pg';

const [mode, portText, databaseUrl] = process.argv.slice(2);
const port = Number(portText);
const app = Fastify({ logger: false });

if (mode === 'trivial') {
  app.get('/', async () => ({ hello: 'world' }));
  app.get('/healthz', async () => ({ status: 'ok' }));
} else if (mode === 'pg' && databaseUrl) {
  // The same pool size as the app's (apps/api/src/db/database.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query('create table if not exists bench_floor (id integer primary key, name text not null, created_at timestamptz not null default now())');
  await pool.query("insert into bench_floor (id, name) select i, 'item ' || i from generate_series(1, 10000) as i on conflict do nothing");
  app.get<{ Params: { id: string } }>('/items/:id', async (request, reply) => {
    const { rows } = await pool.query('select id, name, created_at from bench_floor where id = $1', [Number(request.params.id)]);
    if (rows.length === 0) return reply.code(404).send({ code: 'NOT_FOUND' });
    return rows[0] as unknown;
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.addHook('onClose', () => pool.end());
} else {
  console.error('usage: floor-server.ts trivial|pg PORT [DATABASE_URL]');
  process.exit(2);
}

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: '127.0.0.1', port });
