import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRikStandIn, type RikStandIn } from '../../../simulators/rik/start-rik-stand-in.js';
import { createRikClient } from './client.js';
import { isRikError } from './errors.js';

/** RIK's answer as the service would send it; the client is ours and runs unchanged. */
const answering =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { 'content-type': 'text/xml' } });

const fault = (text: string) =>
  '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault>' +
  `<faultcode>SOAP-ENV:Client</faultcode><faultstring>${text}</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

describe('the register client', () => {
  it('keeps the password out of a fault that quotes it', async () => {
    const client = createRikClient({
      url: 'https://register.test/',
      username: 'pank',
      password: 'S3cret-Pass',
      timeoutMs: 1000,
      fetch: answering(500, fault('Vigane päring: ariregister_parool=S3cret-Pass')),
    });
    const error = await client.call('esindus_v2', []).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!isRikError(error)) throw new Error('expected a register error');
    expect(error.failure.kind).toBe('BAD_CREDENTIALS');
    expect(error.message).not.toContain('S3cret-Pass');
    expect(JSON.stringify(error.failure)).not.toContain('S3cret-Pass');
  });
});

describe('asking again', () => {
  let standIn: RikStandIn;
  beforeAll(async () => {
    standIn = await startRikStandIn({ slowMs: 1000 });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  /** The client against the stand-in, counting the queries that reach it; `onQuery` may change the stand-in's mode. */
  const counted = (onQuery: (count: number) => void = () => undefined, timeoutMs = 2000) => {
    let count = 0;
    const client = createRikClient({
      url: standIn.url,
      username: standIn.username,
      password: standIn.password,
      timeoutMs,
      fetch: async (input, init) => {
        count += 1;
        onQuery(count);
        return fetch(input, init);
      },
    });
    return { client, queries: () => count };
  };
  const personsCompanies = [
    ['fyysilise_isiku_kood', '40504040001'],
    ['fyysilise_isiku_koodi_riik', 'EST'],
  ] as const;
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (isRikError(error) ? error.failure : error),
    );

  it('a register that is down for a moment: asked again, twice at most, and its answer taken', async () => {
    const { client, queries } = counted((count) => standIn.setMode(count <= 2 ? 'DOWN' : 'NORMAL'));
    const answer = await client.call('esindus_v2', personsCompanies);
    expect(queries()).toBe(3);
    expect(answer.keha).toHaveProperty('ettevotjad');
  });

  it('a register that stays down: three queries, then the failure', async () => {
    standIn.setMode('DOWN');
    try {
      const { client, queries } = counted();
      expect(await failureOf(client.call('esindus_v2', personsCompanies))).toEqual({ kind: 'HTTP_STATUS', status: 503 });
      expect(queries()).toBe(3);
    } finally {
      standIn.setMode('NORMAL');
    }
  });

  it('a slow register, refused credentials and an unreadable answer are asked once', async () => {
    try {
      standIn.setMode('SLOW');
      const slow = counted(undefined, 200);
      expect(await failureOf(slow.client.call('esindus_v2', personsCompanies))).toMatchObject({ kind: 'TIMEOUT' });
      expect(slow.queries()).toBe(1);
      standIn.setMode('GARBLED');
      const garbled = counted();
      expect(await failureOf(garbled.client.call('esindus_v2', personsCompanies))).toMatchObject({ kind: 'MALFORMED' });
      expect(garbled.queries()).toBe(1);
    } finally {
      standIn.setMode('NORMAL');
    }
    let count = 0;
    const wrong = createRikClient({
      url: standIn.url,
      username: standIn.username,
      password: 'not-the-password',
      timeoutMs: 2000,
      fetch: async (input, init) => ((count += 1), fetch(input, init)),
    });
    expect(await failureOf(wrong.call('esindus_v2', personsCompanies))).toMatchObject({ kind: 'BAD_CREDENTIALS' });
    expect(count).toBe(1);
  });
});
