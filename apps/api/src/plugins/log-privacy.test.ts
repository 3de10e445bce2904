import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './log-privacy.js';

describe('loggableError', () => {
  it('keeps a failed query by its SQL and PostgreSQL code, without the values people typed', () => {
    const postgres = Object.assign(new Error('duplicate key value violates unique constraint "applications_one_open_per_company_idx"'), {
      code: '23505',
      constraint: 'applications_one_open_per_company_idx',
      detail: 'Key (company_registry_country_code, company_registry_code)=(EE, 19010030) already exists.',
    });
    const failed = new DrizzleQueryError(
      'insert into "representatives" ("personal_id", "email") values ($1, $2)',
      ['38001085718', 'jaak@example.ee'],
      postgres,
    );
    const logged = loggableError(failed);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "representatives" ("personal_id", "email") values ($1, $2)',
      cause: { type: 'Error', code: '23505', constraint: 'applications_one_open_per_company_idx', message: postgres.message },
    });
    const text = JSON.stringify(logged);
    for (const value of ['38001085718', 'jaak@example.ee', '19010030']) expect(text).not.toContain(value);
    expect(logged.stack).toContain('log-privacy.test.ts');
  });

  it('keeps any other error as it is, with its stack', () => {
    const error = new TypeError('cannot read x of undefined');
    expect(loggableError(error)).toMatchObject({ type: 'TypeError', message: 'cannot read x of undefined' });
    expect(loggableError('a string')).toEqual({ type: 'string', message: 'a thrown value that is not an Error', stack: '' });
  });
});
