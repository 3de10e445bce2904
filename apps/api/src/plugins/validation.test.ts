import { companyDataSchema, openingReasonsSchema } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  // Routes standing in for the application steps, with the shared schemas as their bodies.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/test/opening-reasons', { schema: { body: openingReasonsSchema } }, (request) => request.body);
  typed.post('/test/company-data', { schema: { body: companyDataSchema } }, () => ({ ok: true }));
});

afterAll(async () => {
  await app.close();
});

describe('route bodies validated with the shared domain schemas', () => {
  it('accept a valid body and hand the parsed value to the handler', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/opening-reasons',
      payload: { openingReasons: ['DEPOSIT', 'CREDIT_PRODUCT'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openingReasons: ['DEPOSIT', 'CREDIT_PRODUCT'] });
  });

  it('answer 400 VALIDATION_FAILED with the codes of docs/requirements.md section 5, by field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/opening-reasons',
      payload: { openingReasons: ['OTHER'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request has invalid fields.',
      fields: [
        { path: 'openingReasons', code: 'openingReasonRequired', params: {} },
        { path: 'otherReason', code: 'required', params: {} },
      ],
    });
  });

  it('name every bad field of a larger form at once', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/company-data',
      payload: { businessName: '', businessEmail: 'not-an-email', businessPhone: '12' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { fields: { path: string; code: string }[] };
    const byPath = Object.fromEntries(body.fields.map((field) => [field.path, field.code]));
    expect(byPath).toMatchObject({ businessEmail: 'invalidEmail', businessPhone: 'invalidPhone' });
    expect(body.fields.length).toBeGreaterThan(3);
  });

  it('answer a body of the wrong type with 415 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/opening-reasons',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be JSON.' });
  });

  it('answer a body over 1 MiB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/opening-reasons',
      payload: { openingReasons: ['OTHER'], otherReason: 'x'.repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuse input the database cannot store, before the schema is asked, naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/opening-reasons', payload: { openingReasons: ['DEPOSIT'], otherReason: 'a\u0000b' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request has invalid fields.',
      fields: [{ path: 'otherReason', code: 'incorrectValue', params: {} }],
    });
  });
});
