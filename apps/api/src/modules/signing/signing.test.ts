import { createHash } from 'node:crypto';
import { MARY_ANN, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, contracts, signingSessions } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, type TestApplication } from '../../test/application-steps.js';
import { representativeWithToken, signInAsRepresentative, signInWithSmartIdAsRepresentative, type Call } from '../../test/representative.js';
import { signInByQrCode } from '../../test/sign-in.js';
import { documentNumberOf, openOnPhone } from '../../test/smart-id-phone.js';

/**
 * Signing the contract and submitting (docs/requirements.md sections 2 and 4),
 * through the API against the SK simulators over HTTP: each method's success,
 * each failure outcome, and every way to sign something else or twice.
 */

let app: FastifyInstance;

beforeAll(async () => {
  // A hundred previews and saves by one person: the per-person limits have tests of their own.
  app = await buildTestApp({ RATE_LIMIT_SAVES_PER_USER: '1000000', RATE_LIMIT_DRAFTS_PER_USER: '1000000', RATE_LIMIT_PREVIEWS_PER_USER: '1000000' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

type Status = { state: string; verificationCode?: string; failureCode?: string; application?: { status: string; currentStep: string; followUp: string } };

/**
 * A complete application of the subject, signed in as its representative: by the test sign-in, or by Smart-ID
 * with the personal code, after which signing asks that same device.
 */
async function completeApplication(
  subject: ApplicationSubject,
  { bySmartId = false }: { bySmartId?: boolean } = {},
): Promise<{ call: Call; application: TestApplication }> {
  const call = bySmartId
    ? await signInWithSmartIdAsRepresentative(app, subject.person.personalId)
    : await signInAsRepresentative(app, subject.person.personalId);
  const started = subject.company.registryCode
    ? await applicationFor(call, subject.company.registryCode)
    : (
        (
          await call('POST', '/onboarding/applications', {
            source: 'MANUAL',
            company: { businessName: subject.company.businessName, registryCountryCode: 'EE' },
          })
        ).json() as { application: TestApplication }
      ).application;
  return { call, application: await fillSteps(call, started, undefined, subject) };
}

/** A person of the simulators' failure table with a company typed by hand, so the register has nothing to say. */
const withoutRegister = (personalId: string, birthDate: string): ApplicationSubject => ({
  company: { businessName: `Katse ${personalId} OÜ`, registryCode: '' },
  person: { personalId, firstName: 'Test', lastName: 'Testnumber', birthDate },
});

const signingPath = (application: TestApplication) => `/onboarding/applications/${application.processId}/signing`;

/** Polls until the signing ends; the verification code is the one a status answer gave while waiting (Smart-ID gives it after the certificate choice). */
async function pollUntilEnded(call: Call, application: TestApplication, signingSessionId: string, shownCode?: string): Promise<Status> {
  let verificationCode = shownCode;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await call('GET', `${signingPath(application)}/${signingSessionId}`);
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json() as Status;
    if (status.state === 'WAITING_FOR_PIN2' && status.verificationCode) {
      // Once shown, the code never changes.
      if (verificationCode) expect(status.verificationCode).toBe(verificationCode);
      verificationCode = status.verificationCode;
    }
    if (status.state !== 'WAITING_FOR_PIN2') return { ...status, ...(verificationCode ? { verificationCode } : {}) };
  }
  throw new Error('signing did not end');
}

type Started = { signingSessionId: string; verificationCode?: string; deviceLink?: string; deviceLinkFlow?: 'QR' | 'Web2App' };

/** Starts signing and polls it to its end; `phone`: the Smart-ID account that scans the QR code the start gives. */
async function sign(call: Call, application: TestApplication, body: object, phone?: string): Promise<Status & { signingSessionId: string }> {
  const response = await call('POST', signingPath(application), body);
  expect(response.statusCode, response.body).toBe(200);
  const started = response.json() as Started;
  if (phone !== undefined) await openOnPhone(app, { documentNumber: phone, deviceLink: started.deviceLink ?? '', flowType: 'QR' });
  return { ...(await pollUntilEnded(call, application, started.signingSessionId, started.verificationCode)), signingSessionId: started.signingSessionId };
}

/**
 * The phone of this person's account opens a Web2App link of a signing, chooses the account, and the app opens
 * the return page: its address, and what the page then sends.
 */
async function returnFromPhone(started: Started, personalId: string) {
  const phone = await openOnPhone(app, {
    documentNumber: documentNumberOf(personalId),
    deviceLink: started.deviceLink ?? '',
    flowType: 'Web2App',
    browserCookie: 'any=1',
  });
  const callback = new URL(phone.callbackUrl ?? '');
  const body = {
    signingSessionId: callback.searchParams.get('session'),
    value: callback.searchParams.get('value'),
    sessionSecretDigest: callback.searchParams.get('sessionSecretDigest'),
  };
  return { callback, body };
}

describe('signing with Smart-ID', () => {
  it('after a Smart-ID sign-in by personal code, asks that device: signs the stored contract, submits and mails the follow-up', async () => {
    const { call, application } = await completeApplication(OK_TESTNUMBER, { bySmartId: true });
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID' })).json() as Started;
    // The device is known: the code comes with the start, and there is no QR code to show.
    expect(started.verificationCode).toMatch(/^\d{4}$/);
    expect(started.deviceLink).toBeUndefined();
    const status = await pollUntilEnded(call, application, started.signingSessionId, started.verificationCode);
    expect(status).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED', currentStep: 'ApplicationSubmitted', followUp: 'PAY_SERVICE_FEE' } });
    // The phone showed the code the page shows.
    expect(app.identitySimulators?.phoneScreen(OK_TESTNUMBER.person.personalId)).toMatchObject({ pin: 'PIN2', verificationCode: status.verificationCode });

    const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, started.signingSessionId));
    expect(session).toMatchObject({ status: 'SIGNED', method: 'SMART_ID', documentNumber: documentNumberOf(OK_TESTNUMBER.person.personalId) });
    expect(session?.signature).toBeTruthy();
    expect(session?.certificate).toBeTruthy();
    expect(session?.signedAt).toBeInstanceOf(Date);

    const download = await call('GET', `/onboarding/applications/${application.processId}/contract`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const [contract] = await app.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, session?.contractId ?? ''));
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(contract?.sha256);

    const mails = (await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' })).json() as {
      template: string;
      processId: string;
      language: string;
      text: string;
    }[];
    const mail = mails.find((message) => message.processId === application.processId && message.template === 'APPLICATION_SUBMITTED');
    expect(mail?.language).toBe('et');
    expect(mail?.text).toContain('arve');

    // Submitted once: a second signing is refused.
    const again = await call('POST', signingPath(application), { method: 'SMART_ID' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it.each([
    ['30403039917', '1904-03-03', 'CANCELLED', 'user_cancelled'],
    ['30403039961', '1904-03-03', 'CANCELLED', 'user_cancelled'],
    ['30403039972', '1904-03-03', 'CANCELLED', 'user_cancelled'],
    ['30403039983', '1904-03-03', 'TERMINATED', 'timeout'],
    ['30403039994', '1904-03-03', 'UNSUCCESSFUL', 'document_unusable'],
  ])('ends %s as %s (%s) when that account scans the QR code, and leaves the application in progress', async (personalId, birthDate, state, failureCode) => {
    const { call, application } = await completeApplication(withoutRegister(personalId, birthDate));
    const status = await sign(call, application, { method: 'SMART_ID' }, documentNumberOf(personalId));
    expect(status).toMatchObject({ state, failureCode });
    const current = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as { status: string };
    expect(current.status).toBe('IN_PROGRESS');
  });

  it('without a Smart-ID sign-in, the account is chosen by QR code and PIN2 follows on that phone with no code to compare', async () => {
    const { call, application } = await completeApplication(withoutRegister('40504040001', '1905-04-04'));
    const response = await call('POST', signingPath(application), { method: 'SMART_ID', flow: 'QR', language: 'ru' });
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json() as Started & { expiresInSeconds?: number };
    expect(started).toMatchObject({ deviceLinkFlow: 'QR', expiresInSeconds: 60 });
    expect(started.verificationCode).toBeUndefined();
    expect(started.deviceLink).toMatch(
      /^https:\/\/smart-id\.com\/device-link\?deviceLinkType=QR&elapsedSeconds=0&sessionToken=\w+&sessionType=cert&version=1\.0&lang=rus&authCode=/,
    );

    // Waiting for the choice: renewed links while the code is shown, never from a cache; no one else's.
    const waiting = (await call('GET', `${signingPath(application)}/${started.signingSessionId}`)).json() as Status & { isChoosingAccount?: boolean };
    expect(waiting).toMatchObject({ state: 'WAITING_FOR_PIN2', isChoosingAccount: true });
    const renewed = await call('GET', `${signingPath(application)}/${started.signingSessionId}/device-link?language=et`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['cache-control']).toBe('no-store');
    const { deviceLink } = renewed.json() as { deviceLink: string };
    expect(deviceLink).toContain('&lang=est&');
    const stranger = await signInAsRepresentative(app, '60001019906');
    expect((await stranger('GET', `${signingPath(application)}/${started.signingSessionId}/device-link?language=et`)).statusCode).toBe(404);

    await openOnPhone(app, { documentNumber: documentNumberOf('40504040001'), deviceLink, flowType: 'QR' });
    const status = await pollUntilEnded(call, application, started.signingSessionId);
    expect(status).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });
    // A linked signature: the phone asked PIN2 for the chosen account, and no code was shown to compare.
    expect(status.verificationCode).toBeUndefined();
    expect(app.identitySimulators?.phoneScreen('40504040001')).toMatchObject({ pin: 'PIN2' });
    const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, started.signingSessionId));
    expect(session).toMatchObject({ status: 'SIGNED', documentNumber: documentNumberOf('40504040001') });
    // The code is gone once chosen.
    expect((await call('GET', `${signingPath(application)}/${started.signingSessionId}/device-link?language=et`)).statusCode).toBe(404);
  });

  it('ends as an invalid certificate when another person’s phone scans the code, and signs nothing', async () => {
    const { call, application } = await completeApplication(withoutRegister('39001010022', '1990-01-01'));
    const status = await sign(call, application, { method: 'SMART_ID' }, documentNumberOf(OK_TESTNUMBER.person.personalId));
    expect(status).toMatchObject({ state: 'UNSUCCESSFUL', failureCode: 'invalid_certificate' });
  });

  it('on a phone, the app returns the person to a page that takes up the choice once; PIN2 follows and the first tab submits', async () => {
    const { call, application } = await completeApplication(withoutRegister('40404049985', '1904-04-04'));
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID', flow: 'Web2App', language: 'en' })).json() as Started;
    expect(started).toMatchObject({ deviceLinkFlow: 'Web2App' });
    expect(started.deviceLink).toMatch(/deviceLinkType=Web2App&sessionToken=\w+&sessionType=cert&version=1\.0&lang=eng&authCode=/);
    // No QR code to renew for an app link.
    expect((await call('GET', `${signingPath(application)}/${started.signingSessionId}/device-link?language=en`)).statusCode).toBe(404);

    const { callback, body } = await returnFromPhone(started, '40404049985');
    expect(callback.pathname).toBe('/start/signing/smart-id-return');
    // Not signed in: the app may open another tab. A wrong digest is refused, and spends the return.
    const forged = await app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: { ...body, sessionSecretDigest: 'A'.repeat(43) } });
    expect(forged.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: body })).statusCode).toBe(404);
    const status = await pollUntilEnded(call, application, started.signingSessionId);
    expect(status).toMatchObject({ state: 'SIGNED' });
  });

  it('the return takes up the choice without the first tab, once', async () => {
    const { call, application } = await completeApplication(withoutRegister('30303039816', '1903-03-03'));
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID', flow: 'Web2App' })).json() as Started;
    const { body } = await returnFromPhone(started, '30303039816');
    expect((await app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: body })).statusCode).toBe(204);
    // The linked signature was asked from the chosen account at once: its PIN2 prompt is on the phone.
    const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, started.signingSessionId));
    expect(session).toMatchObject({ status: 'RUNNING', documentNumber: documentNumberOf('30303039816') });
    expect((await app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: body })).statusCode).toBe(404);
    expect(await pollUntilEnded(call, application, started.signingSessionId)).toMatchObject({ state: 'SIGNED' });
  });

  it('a return after the first tab took up the choice is still answered, once; after the signing ended it is not', async () => {
    const { call, application } = await completeApplication(withoutRegister('30303039903', '1903-03-03'));
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID', flow: 'Web2App' })).json() as Started;
    const { body } = await returnFromPhone(started, '30303039903');
    // The first tab's status call takes up the choice before the app's return arrives.
    expect((await call('GET', `${signingPath(application)}/${started.signingSessionId}`)).json()).toMatchObject({ state: 'WAITING_FOR_PIN2' });
    expect((await app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: body })).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: body })).statusCode).toBe(404);
    expect(await pollUntilEnded(call, application, started.signingSessionId)).toMatchObject({ state: 'SIGNED' });
  });

  it('the tab and the phone’s return seeing the choice at the same moment ask for one signature between them', async () => {
    const { call, application } = await completeApplication(withoutRegister('39901012239', '1999-01-01'));
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID', flow: 'Web2App' })).json() as Started;
    const { body } = await returnFromPhone(started, '39901012239');
    const [status, returned] = await Promise.all([
      call('GET', `${signingPath(application)}/${started.signingSessionId}`),
      app.inject({ method: 'POST', url: '/onboarding/signing/smart-id-return', payload: body }),
    ]);
    expect(status.json()).toMatchObject({ state: 'WAITING_FOR_PIN2' });
    expect(returned.statusCode).toBe(204);
    expect(await pollUntilEnded(call, application, started.signingSessionId)).toMatchObject({ state: 'SIGNED' });
  });

  it('after a sign-in by QR code, asks the same device by notification: no choice of account, the code at once', async () => {
    // SK's device-link test account, with a company typed by hand.
    const subject = withoutRegister('40404040009', '1904-04-04');
    const { accessToken } = await signInByQrCode(app, 'PNOEE-40404040009-MOCK-Q');
    const call = await representativeWithToken(app, accessToken);
    const created = await call('POST', '/onboarding/applications', {
      source: 'MANUAL',
      company: { businessName: subject.company.businessName, registryCountryCode: 'EE' },
    });
    const application = await fillSteps(call, (created.json() as { application: TestApplication }).application, undefined, subject);
    const started = await call('POST', signingPath(application), { method: 'SMART_ID' });
    expect(started.statusCode, started.body).toBe(200);
    // The code comes with the start: there was no certificate choice to wait for on the phone.
    const { signingSessionId, verificationCode } = started.json() as { signingSessionId: string; verificationCode?: string };
    expect(verificationCode).toMatch(/^\d{4}$/);
    const status = await pollUntilEnded(call, application, signingSessionId, verificationCode);
    expect(status).toMatchObject({ state: 'SIGNED', verificationCode });
    expect(app.identitySimulators?.phoneScreen('40404040009')).toMatchObject({ pin: 'PIN2', verificationCode });
    const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, signingSessionId));
    expect(session).toMatchObject({ status: 'SIGNED', method: 'SMART_ID', documentNumber: 'PNOEE-40404040009-MOCK-Q' });
  });
});

describe('signing with Mobile-ID', () => {
  it('signs with the signing certificate from /certificate and submits, the number typed as people type it', async () => {
    const { call, application } = await completeApplication(MARY_ANN);
    const status = await sign(call, application, { method: 'MOBILE_ID', phoneNumber: '372 0000 0766' });
    expect(status).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });
    expect(app.identitySimulators?.phoneScreen(MARY_ANN.person.personalId)).toMatchObject({ pin: 'PIN2', verificationCode: status.verificationCode });
  });

  it('shows the PIN2 prompt’s text in the language the start names', async () => {
    const { call, application } = await completeApplication(MARY_ANN);
    const status = await sign(call, application, { method: 'MOBILE_ID', phoneNumber: '+37200000766', language: 'ru' });
    expect(status).toMatchObject({ state: 'SIGNED' });
    expect(app.identitySimulators?.phoneScreen(MARY_ANN.person.personalId)).toMatchObject({ pin: 'PIN2', displayText: 'Подписание договора счёта компании' });
  });

  it('ends a phone number that is not the person’s as user not found', async () => {
    const { call, application } = await completeApplication(withoutRegister('60001019939', '2000-01-01'));
    expect(await sign(call, application, { method: 'MOBILE_ID', phoneNumber: '+37200000266' })).toMatchObject({
      state: 'UNSUCCESSFUL',
      failureCode: 'user_not_found',
    });
  });
});

describe('signing with the ID-card', () => {
  async function card(personalId: string, path: string, body?: object) {
    const response = body
      ? await app.inject({ method: 'POST', url: `/dev/id-card/${path}`, payload: body })
      : await app.inject({ method: 'GET', url: `/dev/id-card/${path}?personalId=${personalId}` });
    return response.json() as { certificate?: string; signature?: string; error?: string };
  }

  async function startIdCard(subject: ApplicationSubject) {
    const { call, application } = await completeApplication(subject);
    const { certificate } = await card(subject.person.personalId, 'signing-certificate');
    const started = await call('POST', signingPath(application), { method: 'ID_CARD', certificate });
    expect(started.statusCode, started.body).toBe(200);
    const { signingSessionId, hash, hashType } = started.json() as { signingSessionId: string; hash: string; hashType: string };
    expect(hashType).toBe('SHA256');
    return { call, application, signingSessionId, hash };
  }

  const subject = withoutRegister('38001085718', '1980-01-08');

  it('gives the hash of a XAdES SignedInfo over the stored contract, accepts the card’s signature over it and submits', async () => {
    const { call, application, signingSessionId, hash } = await startIdCard(subject);
    const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, signingSessionId));
    const [contract] = await app.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, session?.contractId ?? ''));
    expect(hash).toBe(session?.signedInfoHash);
    // The prepared signature references the contract by its digest.
    expect(session?.signatureXml).toContain(`<ds:DigestValue>${Buffer.from(contract?.sha256 ?? '', 'hex').toString('base64')}</ds:DigestValue>`);

    const { signature } = await card(subject.person.personalId, 'sign', { personalId: subject.person.personalId, hash, hashType: 'SHA256' });
    const finished = await call('POST', `${signingPath(application)}/${signingSessionId}/id-card-signature`, { signature });
    expect(finished.json()).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });

    // The same signature again (a retry whose answer was lost) gets the same answer; nothing is written twice.
    const events = async () => (await app.database.db.select().from(applicationEvents).where(eq(applicationEvents.processId, application.processId))).length;
    const eventsAfterSigning = await events();
    const retry = await call('POST', `${signingPath(application)}/${signingSessionId}/id-card-signature`, { signature });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });
    expect(await events()).toBe(eventsAfterSigning);
    // Another signature on the ended session is refused.
    const other = `${(signature ?? '').slice(0, -4)}AAA=`;
    const replay = await call('POST', `${signingPath(application)}/${signingSessionId}/id-card-signature`, { signature: other });
    expect(replay.statusCode).toBe(409);
  });

  it.each(['48001019964', '48001019975'])('signs with card %s, of the 2025 and the 2018 chain', async (personalId) => {
    const { call, application, signingSessionId, hash } = await startIdCard(withoutRegister(personalId, '1980-01-01'));
    const { signature } = await card(personalId, 'sign', { personalId, hash, hashType: 'SHA256' });
    const finished = await call('POST', `${signingPath(application)}/${signingSessionId}/id-card-signature`, { signature });
    expect(finished.json()).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });
  });

  it('still accepts the signature after a save-and-continue-later while the card signs: nothing in the application changed', async () => {
    const other = withoutRegister('39002020001', '1990-02-02');
    const { call, application, signingSessionId, hash } = await startIdCard(other);
    const saved = await call('POST', `/onboarding/applications/${application.processId}/save-and-continue-later`, { version: application.version });
    expect(saved.statusCode, saved.body).toBe(202);
    const { signature } = await card(other.person.personalId, 'sign', { personalId: other.person.personalId, hash, hashType: 'SHA256' });
    const finished = await call('POST', `${signingPath(application)}/${signingSessionId}/id-card-signature`, { signature });
    expect(finished.json()).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });
  });

  it('refuses a signature over a different hash', async () => {
    const other = withoutRegister('39001010000', '1990-01-01');
    const { call, application, signingSessionId } = await startIdCard(other);
    const elsewhere = createHash('sha256').update('another document').digest('base64');
    const { signature } = await card(other.person.personalId, 'sign', { personalId: other.person.personalId, hash: elsewhere, hashType: 'SHA256' });
    const finished = await call('POST', `${signingPath(application)}/${signingSessionId}/id-card-signature`, { signature });
    expect(finished.json()).toMatchObject({ state: 'UNSUCCESSFUL' });
    const current = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as { status: string };
    expect(current.status).toBe('IN_PROGRESS');
  });

  it('refuses the card of another person', async () => {
    const other = withoutRegister('49001010001', '1990-01-01');
    const { call, application } = await completeApplication(other);
    const { certificate } = await card('38001085718', 'signing-certificate');
    const started = await call('POST', signingPath(application), { method: 'ID_CARD', certificate });
    const { signingSessionId } = started.json() as { signingSessionId: string };
    const status = (await call('GET', `${signingPath(application)}/${signingSessionId}`)).json() as Status;
    expect(status).toMatchObject({ state: 'UNSUCCESSFUL', failureCode: 'invalid_certificate' });
  });
});

describe('the contract before signing', () => {
  it('is the document that is then signed', async () => {
    const { call, application } = await completeApplication(withoutRegister('39001010011', '1990-01-01'));
    const preview = await call('GET', `/onboarding/applications/${application.processId}/contract`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const started = (
      await call('POST', signingPath(application), {
        method: 'ID_CARD',
        certificate: (await app.inject({ method: 'GET', url: '/dev/id-card/signing-certificate?personalId=39001010011' })).json().certificate,
      })
    ).json() as { signingSessionId: string };
    // The signature about to be made references exactly the previewed bytes.
    const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, started.signingSessionId));
    const digest = createHash('sha256').update(preview.rawPayload).digest('base64');
    expect(session?.signatureXml).toContain(
      `URI="contract-${application.processId}.pdf"><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>${digest}</ds:DigestValue>`,
    );
  });

  it('is a download by default, and opens in the browser when read with disposition=inline', async () => {
    const { call, application } = await completeApplication(withoutRegister('39001010011', '1990-01-01'));
    const path = `/onboarding/applications/${application.processId}/contract`;
    const download = await call('GET', path);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="contract-${application.processId}.pdf"`);
    const read = await call('GET', `${path}?disposition=inline`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toBe(`inline; filename="contract-${application.processId}.pdf"`);
    expect(read.rawPayload.equals(download.rawPayload)).toBe(true);
    expect((await call('GET', `${path}?disposition=open`)).statusCode).toBe(400);
  });

  it('is drawn up on each read and never stored: a hundred previews of a hundred versions leave the contracts table as it was', async () => {
    const { call, application } = await completeApplication(withoutRegister('39001010011', '1990-01-01'));
    const stored = async () => {
      const result = await app.database.db.execute(
        sql`select count(*)::int as "rows", pg_total_relation_size('contracts')::bigint::text as "bytes" from contracts`,
      );
      return (result as unknown as { rows: { rows: number; bytes: string }[] }).rows[0];
    };
    const ownContracts = () => app.database.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.processId, application.processId));
    // The same person's earlier test may have started signing this application: what it stored stays, nothing more.
    const ownBefore = await ownContracts();
    const before = await stored();
    let version = application.version;
    const previews = new Set<string>();
    for (let round = 0; round < 100; round += 1) {
      // An autosave: a new version of the application, as typing in a step makes.
      const draft = await call('PUT', `/onboarding/applications/${application.processId}/drafts/CompanyData`, {
        version,
        data: { fieldOfActivityDescription: `Nõustamine ${round}` },
      });
      expect(draft.statusCode, draft.body).toBe(200);
      version = (draft.json() as TestApplication).version;
      const preview = await call('GET', `/onboarding/applications/${application.processId}/contract`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      previews.add(createHash('sha256').update(preview.rawPayload).digest('hex'));
    }
    expect(version).toBeGreaterThanOrEqual(application.version + 100);
    // A draft changes nothing the contract says: each read draws up the same bytes again.
    expect(previews.size).toBe(1);
    expect(await stored()).toEqual(before);
    expect(await ownContracts()).toEqual(ownBefore);
  }, 120_000);

  it('is refused while the application is incomplete', async () => {
    const call = await signInAsRepresentative(app, '60001018800');
    const started = (
      await call('POST', '/onboarding/applications', { source: 'MANUAL', company: { businessName: 'Pooleli Kaks OÜ', registryCountryCode: 'EE' } })
    ).json() as { application: TestApplication };
    expect((await call('GET', `/onboarding/applications/${started.application.processId}/contract`)).statusCode).toBe(409);
  });
});

describe('who may sign what', () => {
  it('refuses an application that is not complete', async () => {
    const call = await signInAsRepresentative(app, '50001029996');
    const started = (
      await call('POST', '/onboarding/applications', { source: 'MANUAL', company: { businessName: 'Pooleli OÜ', registryCountryCode: 'EE' } })
    ).json() as { application: TestApplication };
    const response = await call('POST', signingPath(started.application), { method: 'SMART_ID' });
    expect(response.statusCode).toBe(409);
  });

  it("answers another representative's application and signing session as missing", async () => {
    const { call, application } = await completeApplication(withoutRegister('39001010011', '1990-01-01'));
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID' })).json() as { signingSessionId: string };
    const stranger = await signInAsRepresentative(app, '60001019906');
    for (const [method, url] of [
      ['POST', signingPath(application)],
      ['GET', `${signingPath(application)}/${started.signingSessionId}`],
      ['POST', `${signingPath(application)}/${started.signingSessionId}/cancel`],
      ['GET', `/onboarding/applications/${application.processId}/contract`],
    ] as const) {
      const response = await stranger(method, url, method === 'POST' ? { method: 'SMART_ID' } : undefined);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('cancels a waiting signing', async () => {
    const { call, application } = await completeApplication(withoutRegister('40404049996', '1904-04-04'));
    const started = (await call('POST', signingPath(application), { method: 'SMART_ID' })).json() as { signingSessionId: string };
    expect((await call('POST', `${signingPath(application)}/${started.signingSessionId}/cancel`, {})).statusCode).toBe(204);
    expect((await call('GET', `${signingPath(application)}/${started.signingSessionId}`)).json()).toMatchObject({ state: 'CANCELLED' });
  });
});
