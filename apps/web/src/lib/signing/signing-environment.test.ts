import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fake-token';
import { stubFetch } from '../../test/fetch-stub';
import { setPageSettings } from '../../test/page-settings';
import type { IdCardError } from './id-card/id-card-signer';
import { defaultSigningEnvironment } from './signing-environment';

afterEach(() => vi.unstubAllGlobals());

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error as IdCardError).code,
  );

describe('the ID-card of the signing environment (docs/requirements.md section 5)', () => {
  it('runs on a page served over plain http', () => {
    expect(window.location.protocol).toBe('http:');
    expect(window.location.hostname).toBe('localhost');
  });

  it('refuses the browser’s ID-card software on http://localhost: https or file only', async () => {
    setPageSettings({ isIdentitySimulated: false });
    // A browser counts localhost as a secure context, where Web eID itself would run.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const postMessage = vi.spyOn(window, 'postMessage');
    const signer = defaultSigningEnvironment.idCardSignerFor('38001085718');
    expect(await codeOf(signer.getSigningCertificate({ lang: 'et' }))).toBe('not_allowed');
    expect(await codeOf(signer.sign('c', { hash: 'aGFzaA==', hashType: 'SHA256' }, { lang: 'et' }))).toBe('not_allowed');
    // The Web eID extension was never asked.
    expect(postMessage).not.toHaveBeenCalled();
    postMessage.mockRestore();
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  it('keeps the simulated card reader working on http://localhost: no browser crypto is involved', async () => {
    setPageSettings({ isIdentitySimulated: true });
    stubFetch({ 'GET /dev/id-card/signing-certificate?personalId=38001085718': () => jsonResponse({ certificate: 'MIIcert' }) });
    const signer = defaultSigningEnvironment.idCardSignerFor('38001085718');
    await expect(signer.getSigningCertificate({ lang: 'et' })).resolves.toEqual({ certificate: 'MIIcert' });
  });
});
