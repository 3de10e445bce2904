import { describe, expect, it } from 'vitest';
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
