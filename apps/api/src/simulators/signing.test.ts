import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mobileIdVerificationCode, smartIdVerificationCode } from '@onboarding/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_USAGE_NON_REPUDIATION, readCertificateFields } from '../modules/identity/certificate-fields.js';
import { QC_TYPE_ESIGN } from '../modules/identity/certificate-purpose.js';
import { validateIdCardSignature, validateIdCardSigningCertificate } from '../modules/identity/certificate-validation.js';
import { createMobileIdClient, type MobileIdClient } from '../modules/identity/mobile-id-client.js';
import { createSmartIdClient, type SmartIdClient } from '../modules/identity/smart-id-client.js';
import {
  IdentityError,
  type CertificateChoicePollResult,
  type HashType,
  type PollSignatureInput,
  type SigningCertificate,
  type SigningPollResult,
  type SigningProvider,
  type StartSignatureInput,
} from '../modules/identity/types.js';
import { ID_CARD_FAILING_CARDS } from './id-card-identities.js';
import { MOBILE_ID_IDENTITIES } from './mobile-id-identities.js';
import { loadSimulatorPki, type SimulatorPki } from './simulator-pki.js';
import { SMART_ID_IDENTITIES } from './smart-id-identities.js';
import { startSimulators, type SimulatorHandle } from './start-simulators.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'simulators-signing-'));
let simulators: SimulatorHandle;
let pki: SimulatorPki;
let smartId: SmartIdClient;
let mobileId: MobileIdClient;

const sha = (hashType: HashType) =>
  createHash(`sha${hashType.slice(3)}`)
    .update(randomBytes(64))
    .digest();

const smartIdClientFor = (trustAnchors: string[]) =>
  createSmartIdClient({
    baseUrl: simulators.smartIdBaseUrl,
    relyingPartyUuid: simulators.relyingPartyUuid,
    relyingPartyName: simulators.relyingPartyName,
    trustAnchors,
    displayText: 'Ettevõtte konto avamine',
  });

beforeAll(async () => {
  simulators = await startSimulators({ dataDir, completionDelayMs: 0 });
  // The same data directory, so the same stored people: for certificates a test needs to hand the client.
  pki = await loadSimulatorPki(dataDir);
  smartId = smartIdClientFor(simulators.smartIdTrustAnchors);
  mobileId = createMobileIdClient({
    baseUrl: simulators.mobileIdBaseUrl,
    relyingPartyUuid: simulators.relyingPartyUuid,
    relyingPartyName: simulators.relyingPartyName,
    trustAnchors: simulators.mobileIdTrustAnchors,
  });
});

afterAll(async () => {
  await simulators.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A refusal at start is reported like a failed poll. */
const failedAtStart = (error: unknown) => {
  if (error instanceof IdentityError) return { status: 'FAILED', code: error.code } as const;
  throw error;
};

/** The phone of this person's account scans the link of a certificate choice (SK DEMO's /mock/device-link); its HTTP status. */
const scan = async (deviceLink: string, personalId: string): Promise<number> => {
  const response = await fetch(simulators.smartIdMockDeviceLinkUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documentNumber: `PNOEE-${personalId}-MOCK-Q`, deviceLink, flowType: 'QR' }),
  });
  await response.arrayBuffer();
  return response.status;
};

/** A certificate choice by QR code that this person's phone scans, polled as `pollAs` (the signed-in person). */
const chooseCertificate = async (client: SmartIdClient, personalId: string, pollAs = personalId): Promise<CertificateChoicePollResult> => {
  try {
    const choice = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
    const status = await scan(client.certificateChoiceLink(choice, { lang: 'est', nowMs: Date.now() }), personalId);
    if (status !== 200) throw new Error(`the phone answered ${String(status)}`);
    return await client.pollCertificateChoice({ providerSessionId: choice.providerSessionId, personalId: pollAs, timeoutMs: 1000 });
  } catch (error) {
    return failedAtStart(error);
  }
};

/** startSignature + one pollSignature through the real client over HTTP; the poll may be told other facts than the start. */
const sign = async (
  provider: SigningProvider,
  input: StartSignatureInput,
  certificate: string,
  poll: Partial<PollSignatureInput> = {},
): Promise<SigningPollResult> => {
  try {
    const { providerSessionId } = await provider.startSignature(input);
    return await provider.pollSignature({
      providerSessionId,
      personalId: input.personalId,
      hash: input.hash,
      hashType: input.hashType,
      certificate,
      timeoutMs: 1000,
      ...poll,
    });
  } catch (error) {
    return failedAtStart(error);
  }
};

const chosen = async (personalId: string): Promise<SigningCertificate> => {
  const choice = await chooseCertificate(smartId, personalId);
  if (choice.status !== 'COMPLETE') throw new Error(`certificate choice for ${personalId} ended ${choice.status}`);
  return choice.signingCertificate;
};

const SMART_ID_CODES: Record<string, string> = {
  USER_REFUSED: 'user_cancelled',
  USER_REFUSED_INTERACTION: 'user_cancelled',
  USER_REFUSED_CERT_CHOICE: 'user_cancelled',
  WRONG_VC: 'user_cancelled',
  TIMEOUT: 'timeout',
  DOCUMENT_UNUSABLE: 'document_unusable',
};
const REFUSED_AT_CERTIFICATE_CHOICE = new Set(['USER_REFUSED_CERT_CHOICE', 'DOCUMENT_UNUSABLE']);

describe('Smart-ID signing with the demo identities', () => {
  it.each(SMART_ID_IDENTITIES.map((identity) => [identity.personalId, identity.outcome, identity] as const))(
    '%s -> %s',
    async (personalId, outcome, identity) => {
      const choice = await chooseCertificate(smartId, personalId);
      if (REFUSED_AT_CERTIFICATE_CHOICE.has(outcome)) {
        expect(choice).toEqual({ status: 'FAILED', code: SMART_ID_CODES[outcome], detail: outcome });
        return;
      }
      const signer = { personalId, countryCode: 'EE', givenName: identity.givenName, surname: identity.surname };
      expect(choice).toMatchObject({ status: 'COMPLETE', signingCertificate: { documentNumber: `PNOEE-${personalId}-MOCK-Q`, signer } });
      if (choice.status !== 'COMPLETE') return;
      const { certificate, documentNumber } = choice.signingCertificate;

      const hash = sha('SHA512');
      const result = await sign(smartId, { personalId, documentNumber, hash, hashType: 'SHA512' }, certificate);
      if (outcome !== 'OK') {
        const detail = identity.refusedInteraction === undefined ? outcome : `${outcome} ${identity.refusedInteraction}`;
        expect(result).toEqual({ status: 'FAILED', code: SMART_ID_CODES[outcome], detail });
        return;
      }
      expect(result).toEqual({
        status: 'COMPLETE',
        evidence: {
          signature: expect.any(String),
          signatureAlgorithm: 'sha512WithRSAEncryption',
          certificate,
          hashType: 'SHA512',
          signingTime: expect.any(String),
          signer,
        },
      });
    },
  );

  it('chooses a signing certificate apart from the authentication one: another key, nonRepudiation, the same subject', async () => {
    const { certificate } = await chosen('40504040001');
    const signing = new X509Certificate(Buffer.from(certificate, 'base64'));
    const authentication = new X509Certificate((await pki.smartIdPerson({ personalId: '40504040001', givenName: 'OK', surname: 'TESTNUMBER' })).certificateDer);
    expect(signing.subject).toBe(authentication.subject);
    expect(signing.publicKey.equals(authentication.publicKey)).toBe(false);
    expect(readCertificateFields(signing.raw)).toMatchObject({ keyUsage: KEY_USAGE_NON_REPUDIATION, qcTypes: [QC_TYPE_ESIGN] });
  });

  it('signs SHA-256 and SHA-384 hashes, and by personal code when no document number is given', async () => {
    const { certificate, documentNumber } = await chosen('50001029996');
    for (const hashType of ['SHA256', 'SHA384'] as const) {
      expect(await sign(smartId, { personalId: '50001029996', documentNumber, hash: sha(hashType), hashType }, certificate)).toMatchObject({
        status: 'COMPLETE',
        evidence: { signatureAlgorithm: `sha${hashType.slice(3)}WithRSAEncryption`, hashType },
      });
    }
    expect(await sign(smartId, { personalId: '50001029996', hash: sha('SHA256'), hashType: 'SHA256' }, certificate)).toMatchObject({ status: 'COMPLETE' });
  });

  it('a person with no account has no phone to choose with, and a document number with no account is user_not_found (404)', async () => {
    const choice = await smartId.startDeviceLinkCertificateChoice({ flow: 'QR' });
    expect(await scan(smartId.certificateChoiceLink(choice, { lang: 'est', nowMs: Date.now() }), '38001085718')).toBe(404);
    const { certificate } = await chosen('40504040001');
    expect(
      await sign(smartId, { personalId: '38001085718', documentNumber: 'PNOEE-38001085718-MOCK-Q', hash: sha('SHA256'), hashType: 'SHA256' }, certificate),
    ).toEqual({
      status: 'FAILED',
      code: 'user_not_found',
    });
  });

  it('shows the PIN2 verification code the service answered on the simulated phone', async () => {
    const { certificate, documentNumber } = await chosen('30303039914');
    const hash = sha('SHA256');
    const { providerSessionId, verificationCode } = await smartId.startSignature({
      personalId: '30303039914',
      documentNumber,
      hash,
      hashType: 'SHA256',
      displayText: 'Allkirjasta leping',
    });
    // v3 answers the code with the session; the phone shows the same.
    expect(verificationCode).toBe(simulators.phoneScreen('30303039914')?.verificationCode);
    expect(simulators.phoneScreen('30303039914')).toEqual({
      service: 'SMART_ID',
      pin: 'PIN2',
      verificationCode: smartIdVerificationCode(hash),
      displayText: 'Allkirjasta leping',
    });
    expect(await smartId.pollSignature({ providerSessionId, personalId: '30303039914', hash, hashType: 'SHA256', certificate, timeoutMs: 1000 })).toMatchObject(
      { status: 'COMPLETE' },
    );
  });

  it('refuses a signature over another hash than the one sent', async () => {
    const { certificate, documentNumber } = await chosen('40504040001');
    expect(
      await sign(smartId, { personalId: '40504040001', documentNumber, hash: sha('SHA512'), hashType: 'SHA512' }, certificate, { hash: sha('SHA512') }),
    ).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'signature_mismatch',
    });
  });

  it('refuses a certificate of another person than the signing was started for', async () => {
    expect(await chooseCertificate(smartId, '40504040001', '50001029996')).toEqual({ status: 'FAILED', code: 'unexpected', detail: 'personal_id_mismatch' });
    const { certificate, documentNumber } = await chosen('40504040001');
    expect(
      await sign(smartId, { personalId: '40504040001', documentNumber, hash: sha('SHA256'), hashType: 'SHA256' }, certificate, { personalId: '50001029996' }),
    ).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'personal_id_mismatch',
    });
  });

  it('refuses an answer whose certificate is not the one the signed data names', async () => {
    const { documentNumber } = await chosen('40504040001');
    const authentication = (await pki.smartIdPerson({ personalId: '40504040001', givenName: 'OK', surname: 'TESTNUMBER' })).certificateDer.toString('base64');
    expect(await sign(smartId, { personalId: '40504040001', documentNumber, hash: sha('SHA256'), hashType: 'SHA256' }, authentication)).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'certificate_mismatch',
    });
  });

  it('refuses a signing certificate from a CA the client does not trust', async () => {
    const distrusting = smartIdClientFor(simulators.mobileIdTrustAnchors);
    expect(await chooseCertificate(distrusting, '40504040001')).toMatchObject({ status: 'FAILED', code: 'invalid_certificate', detail: 'untrusted' });
  });
});

describe('Smart-ID signing contract (RP API v3)', () => {
  const post = (pathname: string, body: Record<string, unknown>) =>
    fetch(new URL(pathname, simulators.smartIdBaseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ relyingPartyUUID: simulators.relyingPartyUuid, relyingPartyName: 'DEMO', ...body }),
    });
  const session = async (response: Response) => {
    const { sessionID } = (await response.json()) as { sessionID: string };
    return (await fetch(new URL(`session/${sessionID}?timeoutMs=1000`, simulators.smartIdBaseUrl))).json() as Promise<Record<string, unknown>>;
  };
  const pin = () => ({
    signatureProtocol: 'RAW_DIGEST_SIGNATURE',
    signatureProtocolParameters: { digest: sha('SHA256').toString('base64'), signatureAlgorithm: 'sha256WithRSAEncryption' },
    interactions: Buffer.from(JSON.stringify([{ type: 'displayTextAndPIN', displayText60: 'x' }])).toString('base64'),
  });

  it('certificate-choice/notification/etsi completes with the certificate, document number and no signature', async () => {
    const answer = await session(await post('signature/certificate-choice/notification/etsi/PNOEE-40504040001', { certificateLevel: 'QSCD' }));
    expect(answer).toEqual({
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
      cert: { value: expect.any(String), certificateLevel: 'QUALIFIED' },
    });
  });

  it('signature/certificate/{documentNumber} answers the signing certificate at once', async () => {
    const answer = await post('signature/certificate/PNOEE-40504040001-MOCK-Q', {});
    expect(await answer.json()).toEqual({ state: 'OK', cert: { value: expect.any(String), certificateLevel: 'QUALIFIED' } });
    expect(await (await post('signature/certificate/PNOEE-30403039994-MOCK-Q', {})).json()).toEqual({ state: 'DOCUMENT_UNUSABLE' });
  });

  it('signature/notification/document/{documentNumber} completes with RAW_DIGEST_SIGNATURE, the algorithm and the signing certificate', async () => {
    const answer = await session(await post('signature/notification/document/PNOEE-40504040001-MOCK-Q', pin()));
    expect(answer).toMatchObject({
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
      signatureProtocol: 'RAW_DIGEST_SIGNATURE',
      signature: { value: expect.any(String), flowType: 'Notification', signatureAlgorithm: 'sha256WithRSAEncryption' },
      interactionTypeUsed: 'displayTextAndPIN',
    });
  });

  it('answers 404 for an unknown document number, 403 for ADVANCED, 400 for a signature without a digest', async () => {
    expect((await post('signature/certificate/PNOEE-38001085718-MOCK-Q', {})).status).toBe(404);
    expect((await post('signature/notification/document/nonsense', pin())).status).toBe(404);
    expect((await post('signature/certificate-choice/notification/etsi/PNOEE-40504040001', { certificateLevel: 'ADVANCED' })).status).toBe(403);
    expect(
      (
        await post('signature/notification/document/PNOEE-40504040001-MOCK-Q', {
          ...pin(),
          signatureProtocolParameters: { signatureAlgorithm: 'sha256WithRSAEncryption' },
        })
      ).status,
    ).toBe(400);
    expect((await post('signature/certificate-choice/notification/etsi/40504040001', {})).status).toBe(400);
  });
});

const MOBILE_ID_CODES: Record<string, string> = {
  TIMEOUT: 'timeout',
  NOT_MID_CLIENT: 'user_not_found',
  USER_CANCELLED: 'user_cancelled',
  SIGNATURE_HASH_MISMATCH: 'sim_error',
  PHONE_ABSENT: 'phone_absent',
  DELIVERY_ERROR: 'delivery_error',
  SIM_ERROR: 'sim_error',
};

const signingCertificateOf = (personalId: string, phoneNumber: string) =>
  mobileId.signingCertificate({ personalId, phoneNumber }).catch((error: unknown) => failedAtStart(error));

describe('Mobile-ID signing with the demo numbers', () => {
  it.each(MOBILE_ID_IDENTITIES.map((identity) => [identity.phoneNumber, identity.personalId, identity.outcome, identity] as const))(
    '%s / %s -> %s',
    async (phoneNumber, personalId, outcome, identity) => {
      const signer = { personalId, countryCode: 'EE', givenName: identity.givenName, surname: identity.surname };
      const certificate = await signingCertificateOf(personalId, phoneNumber);
      if (identity.certificateResult !== 'OK') {
        expect(certificate).toEqual({ status: 'FAILED', code: 'user_not_found' });
        return;
      }
      expect(certificate).toEqual({ certificate: expect.any(String), signer });
      if (!('certificate' in certificate)) return;
      const result = await sign(mobileId, { personalId, phoneNumber, hash: sha('SHA256'), hashType: 'SHA256' }, certificate.certificate);
      if (outcome === 'OK') {
        expect(result).toEqual({
          status: 'COMPLETE',
          evidence: {
            signature: expect.any(String),
            signatureAlgorithm: 'ecdsa-with-SHA256',
            certificate: certificate.certificate,
            hashType: 'SHA256',
            signingTime: expect.any(String),
            signer,
          },
        });
      } else {
        expect(result).toEqual({ status: 'FAILED', code: MOBILE_ID_CODES[outcome], detail: outcome });
      }
    },
  );

  it('NOT_ACTIVE and NOT_FOUND certificate answers, and a phone number that does not belong to the code, are user_not_found', async () => {
    const answer = await fetch(new URL('certificate', `${simulators.mobileIdBaseUrl}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        relyingPartyUUID: simulators.relyingPartyUuid,
        relyingPartyName: 'DEMO',
        phoneNumber: '+37200000366',
        nationalIdentityNumber: '60001019928',
      }),
    });
    expect(await answer.json()).toMatchObject({ result: 'NOT_ACTIVE', time: expect.any(String), traceId: expect.any(String) });
    expect(await signingCertificateOf('60001019906', '+37200000566')).toEqual({ status: 'FAILED', code: 'user_not_found' });
  });

  it('a signature made with the PIN2 key is not accepted with the authentication certificate', async () => {
    const person = { personalId: '60001019906', givenName: 'MARY ÄNN', surname: 'O’CONNEŽ-ŠUSLIK TESTNUMBER' };
    const authentication = (await pki.mobileIdPerson(person)).certificateDer.toString('base64');
    expect(await sign(mobileId, { personalId: '60001019906', phoneNumber: '+37200000766', hash: sha('SHA256'), hashType: 'SHA256' }, authentication)).toEqual({
      status: 'FAILED',
      code: 'invalid_certificate',
      detail: 'wrong_key_usage',
    });
  });

  it('refuses a signature over another hash, and a certificate of another person', async () => {
    const certificate = await mobileId.signingCertificate({ personalId: '60001018800', phoneNumber: '+37200000566' });
    const input = { personalId: '60001018800', phoneNumber: '+37200000566', hash: sha('SHA384'), hashType: 'SHA384' } as const;
    expect(await sign(mobileId, input, certificate.certificate, { hash: sha('SHA384') })).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'signature_mismatch',
    });
    expect(await sign(mobileId, input, certificate.certificate, { personalId: '60001019906' })).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'personal_id_mismatch',
    });
  });

  it('shows the PIN2 verification code on the simulated phone; a signature session is unknown on the authentication path', async () => {
    const hash = sha('SHA256');
    const { providerSessionId } = await mobileId.startSignature({ personalId: '60001017869', phoneNumber: '+37268000769', hash, hashType: 'SHA256' });
    expect(simulators.phoneScreen('60001017869')).toEqual({
      service: 'MOBILE_ID',
      pin: 'PIN2',
      verificationCode: mobileIdVerificationCode(hash),
      displayText: 'Ettevõtte konto lepingu allkirjastamine',
    });
    expect((await fetch(`${simulators.mobileIdBaseUrl}/authentication/session/${providerSessionId}?timeoutMs=1000`)).status).toBe(404);
    expect((await fetch(`${simulators.mobileIdBaseUrl}/signature/session/${providerSessionId}?timeoutMs=1000`)).status).toBe(200);
  });

  it('shows the PIN2 text in the person’s language: Russian as UCS-2, English as GSM-7', async () => {
    await mobileId.startSignature({ personalId: '60001017869', phoneNumber: '+37268000769', hash: sha('SHA256'), hashType: 'SHA256', locale: 'ru' });
    expect(simulators.phoneScreen('60001017869')?.displayText).toBe('Подписание договора счёта компании');
    await mobileId.startSignature({ personalId: '60001017869', phoneNumber: '+37268000769', hash: sha('SHA256'), hashType: 'SHA256', locale: 'en' });
    expect(simulators.phoneScreen('60001017869')?.displayText).toBe('Signing the business account contract');
  });

  it('refuses with 400, as SK does, a display text too long for its format or marked GSM-7 that GSM-7 cannot carry', async () => {
    const start = (displayText: string, displayTextFormat: string) =>
      fetch(`${simulators.mobileIdBaseUrl}/signature`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          relyingPartyUUID: simulators.relyingPartyUuid,
          relyingPartyName: 'DEMO',
          phoneNumber: '+37268000769',
          nationalIdentityNumber: '60001017869',
          hash: sha('SHA256').toString('base64'),
          hashType: 'SHA256',
          language: 'RUS',
          displayText,
          displayTextFormat,
        }),
      });
    expect((await start('a'.repeat(100), 'GSM-7')).status).toBe(200);
    expect((await start('a'.repeat(101), 'GSM-7')).status).toBe(400);
    expect((await start('ж'.repeat(50), 'UCS-2')).status).toBe(200);
    expect((await start('ж'.repeat(51), 'UCS-2')).status).toBe(400);
    expect((await start('Подписание договора', 'GSM-7')).status).toBe(400);
    expect((await start('Ettevõtte konto', 'GSM-7')).status).toBe(400);
  });

  it('answers /certificate 401 for an unknown relying party and 400 for an invalid phone number', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${simulators.mobileIdBaseUrl}/certificate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          relyingPartyUUID: simulators.relyingPartyUuid,
          relyingPartyName: 'DEMO',
          phoneNumber: '+37200000766',
          nationalIdentityNumber: '60001019906',
          ...body,
        }),
      });
    expect((await post({ relyingPartyName: 'someone else' })).status).toBe(401);
    expect((await post({ phoneNumber: '37200000766' })).status).toBe(400);
  });
});

describe('ID-card signing stand-in', () => {
  const cardCertificate = async (personalId: string) => {
    const response = await fetch(`${simulators.idCardBaseUrl}/signing-certificate?personalId=${personalId}`);
    return { status: response.status, body: (await response.json()) as { certificate?: string; error?: string } };
  };
  const cardSign = async (body: Record<string, unknown>) => {
    const response = await fetch(`${simulators.idCardBaseUrl}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { signature?: string; signatureAlgorithm?: unknown; error?: string },
    };
  };
  /** The browser's part: read the certificate, sign our hash. */
  const signWithCard = async (personalId: string, hash: Buffer, hashType: HashType = 'SHA256') => {
    const { body } = await cardCertificate(personalId);
    const signed = await cardSign({ personalId, hash: hash.toString('base64'), hashType });
    return { certificate: body.certificate ?? '', signature: signed.body.signature ?? '', signed };
  };
  const validate = (card: { certificate: string; signature: string }, hash: Buffer, overrides: Partial<Parameters<typeof validateIdCardSignature>[0]> = {}) =>
    validateIdCardSignature({
      ...card,
      hash,
      hashType: 'SHA256',
      trustAnchors: simulators.idCardTrustAnchors,
      expectedPersonalId: '38001085718',
      ...overrides,
    });

  it('gives a signing certificate with the names of the card issued to the person', async () => {
    await simulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' });
    const { status, body } = await cardCertificate('38001085718');
    expect(status).toBe(200);
    expect(
      validateIdCardSigningCertificate({ certificate: body.certificate ?? '', trustAnchors: simulators.idCardTrustAnchors, expectedPersonalId: '38001085718' }),
    ).toEqual({
      ok: true,
      person: { personalId: '38001085718', countryCode: 'EE', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' },
    });
  });

  it('signs the hash; the validation accepts it and returns the evidence', async () => {
    const hash = sha('SHA256');
    const card = await signWithCard('38001085718', hash);
    expect(card.signed.status).toBe(200);
    expect(card.signed.body.signatureAlgorithm).toEqual({ cryptoAlgorithm: 'ECC', hashFunction: 'SHA-256', paddingScheme: 'NONE' });
    // The page is served by the main app, which passes these calls on; the stand-in answers no CORS.
    expect(card.signed.headers.get('access-control-allow-origin')).toBeNull();
    expect(validate(card, hash, { expectedCertificate: card.certificate })).toMatchObject({
      ok: true,
      evidence: {
        signature: card.signature,
        signatureAlgorithm: 'ecdsa-with-SHA256',
        certificate: card.certificate,
        hashType: 'SHA256',
        signer: { personalId: '38001085718' },
      },
    });
    const sha512 = sha('SHA512');
    expect(validate(await signWithCard('38001085718', sha512, 'SHA512'), sha512, { hashType: 'SHA512' })).toMatchObject({ ok: true });
  });

  it('signs with the 2025 card on its own chain, which the ID-card trust anchors list beside the 2018 one', async () => {
    const hash = sha('SHA384');
    const card = await signWithCard('48001019964', hash, 'SHA384');
    const issuer = new X509Certificate(Buffer.from(card.certificate, 'base64')).issuer;
    expect(issuer.endsWith('ID-card CA 2025')).toBe(true);
    expect(validate(card, hash, { hashType: 'SHA384', expectedPersonalId: '48001019964' })).toMatchObject({
      ok: true,
      evidence: { signatureAlgorithm: 'ecdsa-with-SHA384', signer: { personalId: '48001019964', givenName: 'CARD 2025' } },
    });
    expect(
      validate(card, hash, { hashType: 'SHA384', expectedPersonalId: '48001019964', trustAnchors: simulators.idCardTrustAnchors.slice(0, 1) }),
    ).toMatchObject({
      ok: false,
      reason: 'untrusted',
    });
  });

  it('refuses tampered signatures, hashes and certificates', async () => {
    const hash = sha('SHA256');
    const card = await signWithCard('38001085718', hash);
    const flipped = Buffer.from(card.signature, 'base64');
    flipped[5] = (flipped[5] ?? 0) ^ 0x01;
    expect(validate({ ...card, signature: flipped.toString('base64') }, hash)).toEqual({ ok: false, code: 'unexpected', reason: 'signature_mismatch' });
    expect(validate(card, sha('SHA256'))).toEqual({ ok: false, code: 'unexpected', reason: 'signature_mismatch' });
    expect(validate({ ...card, signature: 'not base64!' }, hash)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    const otherCard = await signWithCard('47302200234', hash);
    expect(validate({ ...card, certificate: otherCard.certificate }, hash)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    expect(validate(card, hash, { expectedCertificate: otherCard.certificate })).toEqual({ ok: false, code: 'unexpected', reason: 'certificate_mismatch' });
    expect(validate(otherCard, hash)).toEqual({ ok: false, code: 'unexpected', reason: 'personal_id_mismatch' });
    const garbled = Buffer.from(card.certificate, 'base64');
    garbled[garbled.length - 10] = (garbled[garbled.length - 10] ?? 0) ^ 0xff;
    expect(validate({ ...card, certificate: garbled.toString('base64') }, hash)).toMatchObject({ ok: false, code: 'invalid_certificate' });
  });

  it('refuses the ID-card authentication certificate as a signing certificate, and certificates from other CAs', async () => {
    const hash = sha('SHA256');
    const card = await signWithCard('38001085718', hash);
    const authentication = new X509Certificate(
      (await simulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' })).cert,
    );
    expect(validate({ ...card, certificate: authentication.raw.toString('base64') }, hash)).toEqual({
      ok: false,
      code: 'invalid_certificate',
      reason: 'wrong_key_usage',
    });
    expect(validate(card, hash, { trustAnchors: simulators.smartIdTrustAnchors })).toEqual({ ok: false, code: 'invalid_certificate', reason: 'untrusted' });
  });

  it.each(ID_CARD_FAILING_CARDS.map((card) => [card.personalId, card.failure, card] as const))('%s answers %s', async (personalId, failure, card) => {
    const certificate = await cardCertificate(personalId);
    const signed = await cardSign({ personalId, hash: sha('SHA256').toString('base64'), hashType: 'SHA256' });
    if (card.failsAt === 'certificate') {
      expect(certificate).toEqual({ status: 422, body: { error: failure } });
    } else {
      expect(certificate.status).toBe(200);
    }
    expect(signed).toMatchObject({ status: 422, body: { error: failure } });
  });

  it('answers invalid_argument for a malformed personal code, hash or body', async () => {
    expect(await cardCertificate('38001085719')).toEqual({ status: 400, body: { error: 'invalid_argument' } });
    expect(await cardSign({ personalId: '38001085718', hash: Buffer.alloc(20).toString('base64'), hashType: 'SHA256' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_argument' },
    });
    expect(await cardSign({ personalId: '38001085718', hash: sha('SHA256').toString('base64'), hashType: 'SHA-256' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_argument' },
    });
    const broken = await fetch(`${simulators.idCardBaseUrl}/sign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect({ status: broken.status, body: await broken.json() }).toEqual({ status: 400, body: { error: 'invalid_argument' } });
  });
});
