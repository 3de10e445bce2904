import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fake-token';
import { stubFetch } from '../../../test/fetch-stub';
import { IdCardError, idCardErrorCodeOf, isSigningAllowedAt, requireSecurePage, type IdCardSigner } from './id-card-signer';
import { createSimulatedIdCardSigner } from './simulated-id-card-signer';

afterEach(() => vi.unstubAllGlobals());

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error as IdCardError).code,
  );

describe('the https rule (hwcrypto.js, docs/requirements.md section 5)', () => {
  it.each([
    ['https:', 'bank.example', true],
    ['file:', '', true],
    ['https:', 'localhost', true],
    ['http:', 'localhost', false],
    ['http:', '127.0.0.1', false],
    ['http:', '[::1]', false],
    ['http:', 'bank.example', false],
  ])('%s//%s allowed: %s', (protocol, hostname, isAllowed) => {
    expect(isSigningAllowedAt({ protocol, hostname })).toBe(isAllowed);
  });

  it('refuses both calls with not_allowed on a plain http page, without touching the card', async () => {
    const card: IdCardSigner = { getSigningCertificate: vi.fn(), sign: vi.fn() };
    const signer = requireSecurePage(card, { protocol: 'http:', hostname: 'bank.example' });
    expect(await codeOf(signer.getSigningCertificate({ lang: 'et' }))).toBe('not_allowed');
    expect(await codeOf(signer.sign('c', { hash: 'h', hashType: 'SHA256' }, { lang: 'et' }))).toBe('not_allowed');
    expect(card.getSigningCertificate).not.toHaveBeenCalled();
    expect(card.sign).not.toHaveBeenCalled();
  });

  it('passes both calls through on https', async () => {
    const card: IdCardSigner = { getSigningCertificate: vi.fn(async () => ({ certificate: 'c' })), sign: vi.fn(async () => ({ signature: 's' })) };
    const signer = requireSecurePage(card, { protocol: 'https:', hostname: 'bank.example' });
    await expect(signer.getSigningCertificate({ lang: 'et' })).resolves.toEqual({ certificate: 'c' });
    await expect(signer.sign('c', { hash: 'h', hashType: 'SHA256' }, { lang: 'et' })).resolves.toEqual({ signature: 's' });
  });

  it('reads the hwcrypto code from any rejection, technical_error when there is none', () => {
    expect(idCardErrorCodeOf(new IdCardError('pin_blocked'))).toBe('pin_blocked');
    expect(idCardErrorCodeOf(new Error('no_certificates'))).toBe('no_certificates');
    expect(idCardErrorCodeOf(new Error('boom'))).toBe('technical_error');
  });
});

describe('simulated ID-card (the simulators’ reader at /dev/id-card)', () => {
  it('reads the signed-in person’s certificate and signs the hash with their card', async () => {
    const { callsTo } = stubFetch({
      'GET /dev/id-card/signing-certificate?personalId=38001085718': () => jsonResponse({ certificate: 'MIIcert' }),
      'POST /dev/id-card/sign': () =>
        jsonResponse({ signature: 'c2ln', signatureAlgorithm: { cryptoAlgorithm: 'RSA', hashFunction: 'SHA-256', paddingScheme: 'PKCS1.5' } }),
    });
    const signer = createSimulatedIdCardSigner('38001085718');
    await expect(signer.getSigningCertificate({ lang: 'et' })).resolves.toEqual({ certificate: 'MIIcert' });
    await expect(signer.sign('MIIcert', { hash: 'aGFzaA==', hashType: 'SHA256' }, { lang: 'et' })).resolves.toEqual({ signature: 'c2ln' });
    expect(callsTo('POST /dev/id-card/sign').map((call) => call.body)).toEqual([{ personalId: '38001085718', hash: 'aGFzaA==', hashType: 'SHA256' }]);
  });

  it.each(['user_cancel', 'pin_blocked', 'no_certificates', 'driver_error', 'technical_error', 'invalid_argument'])(
    'the card’s %s is the signer’s',
    async (error) => {
      stubFetch({ 'POST /dev/id-card/sign': () => jsonResponse({ error }, error === 'invalid_argument' ? 400 : 422) });
      expect(await codeOf(createSimulatedIdCardSigner('38001019919').sign('c', { hash: 'h', hashType: 'SHA256' }, { lang: 'et' }))).toBe(error);
    },
  );

  it('no answer at all is technical_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await codeOf(createSimulatedIdCardSigner('38001085718').getSigningCertificate({ lang: 'et' }))).toBe('technical_error');
  });
});
