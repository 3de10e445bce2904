import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { STEP_DATA_TEMPLATE as template } from './step-data.js';

/**
 * Fills the database with `count` stored applications, as a bank would have
 * after a few years: each with the step data of a complete application (the
 * representative's code and the company varied per row, so rows are not
 * identical), 40 % submitted, created over the past two years, half of the
 * companies typed by hand without a registry code; and six events each
 * (created, five steps saved). One INSERT ... SELECT generate_series per table.
 */

export type SeedResult = { applications: number; events: number; stepDataBytes: number; seconds: number };

const EVENTS_PER_APPLICATION = 6;

// $1: the step data template, $2: how many; seeded representatives' codes start with 6, made-up load people's with 3.
const insertApplications = `
insert into applications (representative_personal_id, company_name, company_registry_code, current_step, step_data, company_source, status, version, created_at, updated_at, submitted_at, follow_up)
select
  '6' || lpad(i::text, 10, '0'),
  'Seeded company ' || i || ' OÜ',
  case when i % 2 = 0 then '1' || lpad(i::text, 7, '0') end,
  case when i % 10 < 4 then 'ApplicationSubmitted' else 'ApplicationOverview' end,
  replace(replace($1::text, '38001085718', '6' || lpad(i::text, 10, '0')), 'Jõeorg Konsultatsioonid', 'Seeded company ' || i)::jsonb,
  case when i % 2 = 0 then 'REGISTER' else 'MANUAL' end,
  case when i % 10 < 4 then 'SUBMITTED' else 'IN_PROGRESS' end,
  6,
  now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second',
  now() - (i % 730) * interval '1 day',
  case when i % 10 < 4 then now() - (i % 730) * interval '1 day' end,
  case when i % 10 < 4 then 'PAY_SERVICE_FEE' end
from generate_series(1, $2::int) as i`;

const insertEvents = `
insert into application_events (process_id, type, actor, application_version, payload, created_at)
select a.process_id,
  case when s.n = 1 then 'APPLICATION_CREATED' else 'STEP_SAVED' end,
  'EE' || a.representative_personal_id,
  s.n,
  case when s.n = 1 then jsonb_build_object('companySource', a.company_source, 'registryCode', a.company_registry_code)
       else jsonb_build_object('step', (array['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'AdditionalData'])[s.n - 1]) end,
  a.created_at + s.n * interval '1 minute'
from applications a cross join generate_series(1, ${String(EVENTS_PER_APPLICATION)}) as s(n)
where a.company_name like 'Seeded company %'`;

const sizeOfStepData =
  "select coalesce(avg(pg_column_size(step_data)), 0)::int as compressed, coalesce(avg(octet_length(step_data::text)), 0)::int as text from (select step_data from applications where company_name like 'Seeded company %' limit 1000) as sample";

/** Seeds a PostgreSQL server (the app keeps running; the figures after are taken on the same server). */
export async function seedPostgres(databaseUrl: string, count: number): Promise<SeedResult> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Seeding is not what is measured: no waiting for the WAL flush of each statement.
    await client.query('set synchronous_commit = off');
    await client.query(insertApplications, [template, count]);
    await client.query(insertEvents);
    // What autovacuum would have done by then, so the figures are of a settled database rather than of the seed's aftermath.
    await client.query('vacuum (analyze) applications');
    await client.query('vacuum (analyze) application_events');
    await client.query('checkpoint');
    const { rows } = await client.query<{ text: number }>(sizeOfStepData);
    return { applications: count, events: count * EVENTS_PER_APPLICATION, stepDataBytes: rows[0]?.text ?? 0, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Seeds an embedded PGlite data directory; the server that uses it must be stopped meanwhile (one process at a time). */
export async function seedPglite(dataDir: string, count: number): Promise<SeedResult> {
  const started = performance.now();
  const db = await PGlite.create(dataDir);
  try {
    await db.query(insertApplications, [template, count]);
    await db.exec(insertEvents);
    // One statement per call: several in one exec form a transaction block, which VACUUM refuses.
    for (const statement of ['vacuum (analyze) applications', 'vacuum (analyze) application_events', 'checkpoint']) await db.exec(statement);
    const { rows } = await db.query<{ text: number }>(sizeOfStepData);
    return { applications: count, events: count * EVENTS_PER_APPLICATION, stepDataBytes: rows[0]?.text ?? 0, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
  }
}
