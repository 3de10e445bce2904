import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmationCodes, mailOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { confirmationCodeSentTo, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * Mail goes only to an address the person confirmed with a code mailed to it: the code is six digits, kept only as a
 * hash, good for ten minutes and five tries, and a person may have EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY sent.
 */
const CODES_PER_DAY = 3;

// Valid personal codes; the first is a register fixture person with companies of their own.
const REGISTER_PERSON = '38001085718';
const PERSONS = ['30303030331', '30303030342', '30303030353', '30303030364', '30303030375', '30303030386'] as const;

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY: String(CODES_PER_DAY) });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

/** A fresh sign-in of `personalId`: each one is a new access token, as a new visit is. */
async function signIn(personalId: string): Promise<Call> {
  const token = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId } })).json().accessToken as string;
  return (method, url, payload) => {
    const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${token}` } };
    return app.inject(payload === undefined ? options : { ...options, payload });
  };
}

const saveEmail = (call: Call, email: string) =>
  call('PUT', '/onboarding/representative/personal-information', { email, phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'en' });
const sendCode = (call: Call) => call('POST', '/onboarding/representative/email-confirmation/code');
const confirm = (call: Call, code: string) => call('POST', '/onboarding/representative/email-confirmation', { code });
const isConfirmed = async (call: Call) => ((await call('GET', '/onboarding/representative')).json() as { isEmailConfirmed: boolean }).isEmailConfirmed;
const fieldIssue = (response: Awaited<ReturnType<Call>>) =>
  (response.json() as { fields: { path: string; code: string; params: Record<string, unknown> }[] }).fields[0];
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mail confirmation', () => {
  it('confirms the saved address with the code mailed to it, and keeps it confirmed for the next sign-in', async () => {
    const call = await signIn(PERSONS[0]);
    expect((await saveEmail(call, 'mari@example.ee')).json()).toMatchObject({ email: 'mari@example.ee', isEmailConfirmed: false });
    const sent = await sendCode(call);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ email: 'mari@example.ee', validMinutes: 10 });
    const code = await confirmationCodeSentTo(app, 'mari@example.ee');

    const confirmed = await confirm(call, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: 'mari@example.ee', isEmailConfirmed: true });
    // The next visit: the same address, saved again, stays confirmed, and no new code is needed or sent.
    const next = await signIn(PERSONS[0]);
    expect(await isConfirmed(next)).toBe(true);
    expect((await saveEmail(next, 'mari@example.ee')).json()).toMatchObject({ isEmailConfirmed: true });
    expect((await sendCode(next)).statusCode).toBe(409);
    // The code was used: it does not confirm anything again.
    expect(fieldIssue(await confirm(next, code))).toMatchObject({ path: 'code', code: 'confirmationCodeExpired' });
  });

  it('keeps only a hash of the code, bound to the person and the address', async () => {
    const call = await signIn(PERSONS[1]);
    await saveEmail(call, 'hash@example.ee');
    await sendCode(call);
    const code = await confirmationCodeSentTo(app, 'hash@example.ee');
    const [row] = await app.database.db.select().from(emailConfirmationCodes).where(eq(emailConfirmationCodes.personalId, PERSONS[1]));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('answers a wrong code with the tries left, and after five wrong ones refuses even the right code', async () => {
    const call = await signIn(PERSONS[2]);
    await saveEmail(call, 'tries@example.ee');
    await sendCode(call);
    const code = await confirmationCodeSentTo(app, 'tries@example.ee');
    for (const triesLeft of [4, 3, 2, 1]) {
      const wrong = await confirm(call, wrongCodeFor(code));
      expect(wrong.statusCode).toBe(400);
      expect(fieldIssue(wrong)).toEqual({ path: 'code', code: 'wrongConfirmationCode', params: { triesLeft } });
    }
    expect(fieldIssue(await confirm(call, wrongCodeFor(code)))).toMatchObject({ code: 'confirmationCodeExpired' });
    expect(fieldIssue(await confirm(call, code))).toMatchObject({ code: 'confirmationCodeExpired' });
    expect(await isConfirmed(call)).toBe(false);
  });

  it('refuses a code past its ten minutes, and one sent to an address saved over since', async () => {
    const call = await signIn(PERSONS[3]);
    await saveEmail(call, 'late@example.ee');
    await sendCode(call);
    const late = await confirmationCodeSentTo(app, 'late@example.ee');
    await app.database.db
      .update(emailConfirmationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailConfirmationCodes.personalId, PERSONS[3]));
    expect(fieldIssue(await confirm(call, late))).toMatchObject({ code: 'confirmationCodeExpired' });

    await sendCode(call);
    const forOld = await confirmationCodeSentTo(app, 'late@example.ee');
    await saveEmail(call, 'other@example.ee');
    expect(fieldIssue(await confirm(call, forOld))).toMatchObject({ code: 'confirmationCodeExpired' });
    expect(await isConfirmed(call)).toBe(false);
  });

  it('takes a confirmation away when another address is saved: that one needs its own code', async () => {
    const call = await signIn(PERSONS[4]);
    await saveEmail(call, 'first@example.ee');
    await sendCode(call);
    expect((await confirm(call, await confirmationCodeSentTo(app, 'first@example.ee'))).statusCode).toBe(200);
    expect((await saveEmail(call, 'second@example.ee')).json()).toMatchObject({ email: 'second@example.ee', isEmailConfirmed: false });
  });

  it(`sends a person at most ${CODES_PER_DAY} codes a day, whichever addresses they save: then 429 with Retry-After and no mail`, async () => {
    const call = await signIn(PERSONS[5]);
    for (let sent = 0; sent < CODES_PER_DAY; sent += 1) {
      await saveEmail(call, `target${sent}@example.org`);
      expect((await sendCode(call)).statusCode).toBe(202);
    }
    await saveEmail(call, 'target-next@example.org');
    const refused = await sendCode(call);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'EMAIL_CONFIRMATION_CODE'), eq(mailOutbox.personKey, `EE:${PERSONS[5]}`)));
    expect(mails).toHaveLength(CODES_PER_DAY);
  });

  it('mails the code in the person’s language with nothing they typed but the address it goes to', async () => {
    const call = await signIn(REGISTER_PERSON);
    await call('PUT', '/onboarding/representative/personal-information', {
      email: 'keel@example.ee',
      phone: '+372 5123 4567',
      hasConsentedToRegistryQueries: true,
      language: 'ru',
    });
    await sendCode(call);
    const [mail] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'keel@example.ee'));
    expect(mail?.subject).toBe('Код подтверждения вашего адреса электронной почты');
    expect(mail?.language).toBe('ru');
    expect(mail?.html).not.toContain('<a ');
    // The register's companies of this person play no part in it.
    expect(mail?.text).not.toContain(REGISTRY_CODES.testPersonOu);
  });
});
