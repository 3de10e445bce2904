import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdCardError } from './id-card-signer';
import { createWebEidSigner, idCardErrorOfWebEidCode } from './web-eid-signer';

type Posted = { action: string; libraryVersion: string } & Record<string, unknown>;

/** Plays the Web eID extension's content script: every request the page posts gets `reply`'s answers. */
function extension(reply: (request: Posted) => Record<string, unknown>[]) {
  const posted: Posted[] = [];
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
    const request = message as Posted;
    posted.push(request);
    for (const data of reply(request)) {
      queueMicrotask(() => window.dispatchEvent(new MessageEvent('message', { data, source: window })));
    }
  });
  return posted;
}

const expectCode = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(IdCardError);
  expect((error as IdCardError).code).toBe(code);
};

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Web eID signer (the extension message protocol)', () => {
  it('getSigningCertificate posts web-eid:get-signing-certificate and answers its certificate', async () => {
    const posted = extension((request) => [
      { action: `${request.action}-ack` },
      { action: `${request.action}-success`, certificate: 'MIIcert', supportedSignatureAlgorithms: [] },
    ]);
    await expect(createWebEidSigner().getSigningCertificate({ lang: 'et' })).resolves.toEqual({ certificate: 'MIIcert' });
    expect(posted).toEqual([{ action: 'web-eid:get-signing-certificate', libraryVersion: '2.0.0', options: { lang: 'et' } }]);
  });

  it('sign posts the certificate, the hash and its hash function, and answers the signature', async () => {
    const posted = extension((request) => [
      { action: `${request.action}-ack` },
      {
        action: `${request.action}-success`,
        signature: 'c2ln',
        signatureAlgorithm: { cryptoAlgorithm: 'ECC', hashFunction: 'SHA-256', paddingScheme: 'NONE' },
      },
    ]);
    await expect(createWebEidSigner().sign('MIIcert', { hash: 'aGFzaA==', hashType: 'SHA256' }, { lang: 'en' })).resolves.toEqual({ signature: 'c2ln' });
    expect(posted).toEqual([
      { action: 'web-eid:sign', libraryVersion: '2.0.0', certificate: 'MIIcert', hash: 'aGFzaA==', hashFunction: 'SHA-256', options: { lang: 'en' } },
    ]);
  });

  it('ignores answers to other actions and messages from other windows', async () => {
    extension((request) => [
      { action: 'web-eid:sign-success', signature: 'not-for-this-request' },
      { action: `${request.action}-ack` },
      { action: `${request.action}-success`, certificate: 'MIIcert' },
    ]);
    const signer = createWebEidSigner();
    const pending = signer.getSigningCertificate({ lang: 'et' });
    window.dispatchEvent(new MessageEvent('message', { data: { action: 'web-eid:get-signing-certificate-success', certificate: 'forged' }, source: null }));
    await expect(pending).resolves.toEqual({ certificate: 'MIIcert' });
  });

  it('a failure answer rejects with the matching hwcrypto code', async () => {
    extension((request) => [
      { action: `${request.action}-ack` },
      { action: `${request.action}-failure`, error: { code: 'ERR_WEBEID_USER_CANCELLED', message: 'cancelled' } },
    ]);
    await expectCode(createWebEidSigner().sign('MIIcert', { hash: 'aGFzaA==', hashType: 'SHA256' }, { lang: 'et' }), 'user_cancel');
  });

  it('no extension to acknowledge within a second is no_implementation', async () => {
    vi.useFakeTimers();
    extension(() => []);
    const pending = createWebEidSigner().getSigningCertificate({ lang: 'et' });
    const checked = expectCode(pending, 'no_implementation');
    await vi.advanceTimersByTimeAsync(1000);
    await checked;
  });

  it('an insecure page is not_allowed before anything is posted', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const posted = extension(() => []);
    await expectCode(createWebEidSigner().getSigningCertificate({ lang: 'et' }), 'not_allowed');
    expect(posted).toEqual([]);
  });

  it.each([
    ['ERR_WEBEID_USER_CANCELLED', 'user_cancel'],
    ['ERR_WEBEID_USER_TIMEOUT', 'user_cancel'],
    ['ERR_WEBEID_EXTENSION_UNAVAILABLE', 'no_implementation'],
    ['ERR_WEBEID_NATIVE_UNAVAILABLE', 'no_implementation'],
    ['ERR_WEBEID_VERSION_MISMATCH', 'no_implementation'],
    ['ERR_WEBEID_CONTEXT_INSECURE', 'not_allowed'],
    ['ERR_WEBEID_NATIVE_INVALID_ARGUMENT', 'invalid_argument'],
    ['ERR_WEBEID_NATIVE_FATAL', 'driver_error'],
    ['ERR_WEBEID_ACTION_TIMEOUT', 'technical_error'],
    ['ERR_WEBEID_UNKNOWN_ERROR', 'technical_error'],
    ['SOMETHING_NEW', 'technical_error'],
  ])('%s is %s', (webEidCode, code) => {
    expect(idCardErrorOfWebEidCode(webEidCode)).toBe(code);
  });
});
