// A floor for the benchmark, run as its own process: a bare Fastify server with
// one trivial route ("trivial"); one route doing a single PostgreSQL point
// select through pg ("pg"); or one route saving a step the way the app does,
// without the app ("pg-write"): one statement that updates a row of a table
// shaped like `applications` under the version check and inserts a row into
// one shaped like `application_events`.
// Usage: floor-server.ts trivial|pg|pg-write PORT [DATABASE_URL] [ROWS]
import Fastify from 'fastify';
import pg from 'pg';
import { STEP_DATA_TEMPLATE } from './step-data.js';

const [mode, portText, databaseUrl, rowsText] = process.argv.slice(2);
const port = Number(portText);
const app = Fastify({ logger: false });

// The columns, defaults, checks and indexes of apps/api/drizzle/0000_initial.sql that a step save touches or maintains.
const createWriteTables = `
drop table if exists bench_floor_events;
drop table if exists bench_floor_applications;
create table bench_floor_applications (
  process_id uuid primary key default gen_random_uuid(),
  representative_personal_id text not null,
  representative_country_code text not null default 'EE',
  company_name text not null,
  company_registry_code text,
  company_registry_country_code text not null default 'EE',
  current_step text not null default 'AccountOpeningReason',
  step_data jsonb not null default '{}'::jsonb,
  status text not null default 'IN_PROGRESS' check (status in ('IN_PROGRESS', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED')),
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  submitted_at timestamptz
);
create index bench_floor_applications_representative_idx on bench_floor_applications (representative_personal_id, representative_country_code);
create index bench_floor_applications_company_idx on bench_floor_applications (company_registry_country_code, company_registry_code);
create table bench_floor_events (
  id bigint primary key generated always as identity,
  process_id uuid not null references bench_floor_applications (process_id),
  type text not null,
  actor text not null,
  application_version integer not null,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index bench_floor_events_process_idx on bench_floor_events (process_id, id);`;

// $1: step data, $2: how many rows; the ids are writeFloorRowId(1..$2) of floors.ts.
const insertWriteRows = `
insert into bench_floor_applications (process_id, representative_personal_id, company_name, current_step, step_data)
select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, '3' || lpad(i::text, 10, '0'), 'Floor company ' || i || ' OÜ', 'RelatedPersons', $1::jsonb
from generate_series(1, $2::int) as i`;

// As the app's write path for a step save (apps/api/src/modules/onboarding/flow/write-path.ts): one round trip.
const saveStep = `
with updated as (
  update bench_floor_applications set step_data = $3::jsonb, current_step = $4, version = version + 1, updated_at = now()
  where process_id = $1 and version = $2
  returning process_id, version
)
insert into bench_floor_events (process_id, type, actor, application_version, payload)
select process_id, 'STEP_SAVED', $5::text, version, $6::jsonb from updated
returning application_version`;

if (mode === 'trivial') {
  app.get('/', async () => ({ hello: 'world' }));
  app.get('/healthz', async () => ({ status: 'ok' }));
} else if ((mode === 'pg' || mode === 'pg-write') && databaseUrl) {
  // The same pool size as the app's default DATABASE_POOL_SIZE (apps/api/src/db/database.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  if (mode === 'pg') {
    await pool.query('create table if not exists bench_floor (id integer primary key, name text not null, created_at timestamptz not null default now())');
    await pool.query("insert into bench_floor (id, name) select i, 'item ' || i from generate_series(1, 10000) as i on conflict do nothing");
    app.get<{ Params: { id: string } }>('/items/:id', async (request, reply) => {
      // Named, so PostgreSQL parses and plans it once per connection, as the app's prepared statements.
      const { rows } = await pool.query({
        name: 'floor_point_select',
        text: 'select id, name, created_at from bench_floor where id = $1',
        values: [Number(request.params.id)],
      });
      if (rows.length === 0) return reply.code(404).send({ code: 'NOT_FOUND' });
      return rows[0] as unknown;
    });
  } else {
    await pool.query(createWriteTables);
    await pool.query(insertWriteRows, [STEP_DATA_TEMPLATE, Number(rowsText ?? 128)]);
    await pool.query('vacuum (analyze) bench_floor_applications');
    const stepData = JSON.parse(STEP_DATA_TEMPLATE) as Record<string, unknown>;
    // The app's path and body (scenarios.ts saveRequests): the step's data replaces that step in the document.
    app.put<{ Params: { processId: string }; Body: { version: number; data: unknown } }>(
      '/onboarding/applications/:processId/steps/Incomes',
      async (request, reply) => {
        const { version, data } = request.body;
        const document = JSON.stringify({ ...stepData, Incomes: data });
        const values = [request.params.processId, version, document, 'RelatedPersons', 'EE38001085718', '{"step":"Incomes"}'];
        // Named, so PostgreSQL parses and plans it once per connection, as the app's step save.
        const { rows } = await pool.query<{ application_version: number }>({ name: 'floor_save_step', text: saveStep, values });
        const written = rows[0];
        if (!written) {
          const current = await pool.query<{ version: number }>('select version from bench_floor_applications where process_id = $1', [
            request.params.processId,
          ]);
          return reply.code(409).send({ code: 'VERSION_CONFLICT', currentVersion: current.rows[0]?.version });
        }
        return { processId: request.params.processId, version: written.application_version };
      },
    );
  }
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.addHook('onClose', () => pool.end());
} else {
  console.error('usage: floor-server.ts trivial|pg|pg-write PORT [DATABASE_URL] [ROWS]');
  process.exit(2);
}

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: '127.0.0.1', port });
