import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mailOutbox } from '../db/schema.js';
import { signIn } from './sign-in.js';

export type Call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/**
 * Signs a representative in (magic sign-in), gives their personal information,
 * and returns a caller that sends their bearer token: the start of every
 * onboarding API test that plays one person.
 */
export async function signInAsRepresentative(app: FastifyInstance, personalId: string, language: 'et' | 'en' | 'ru' = 'en'): Promise<Call> {
  const token = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId } })).json().accessToken as string;
  return representativeWithToken(app, token, language);
}

/**
 * As signInAsRepresentative, signed in with Smart-ID by personal code: signing by Smart-ID then asks that same
 * device, with no QR code to scan (decision 38).
 */
export async function signInWithSmartIdAsRepresentative(app: FastifyInstance, personalId: string): Promise<Call> {
  return representativeWithToken(app, (await signIn(app, 'sid', { personalId })).accessToken);
}

/** As signInAsRepresentative, for a person signed in some other way: their access token. */
export async function representativeWithToken(app: FastifyInstance, token: string, language: 'et' | 'en' | 'ru' = 'en'): Promise<Call> {
  const call: Call = (method, url, payload) => {
    const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${token}` } };
    return app.inject(payload === undefined ? options : { ...options, payload });
  };
  const personal = await call('PUT', '/onboarding/representative/personal-information', {
    email: 'jaak@example.ee',
    phone: '+372 5123 4567',
    hasConsentedToRegistryQueries: true,
    language,
  });
  if (personal.statusCode !== 200) throw new Error(`personal information answered ${personal.statusCode}: ${personal.body}`);
  await confirmEmail(app, call);
  return call;
}

/** The code in the newest confirmation mail to `email`, read from the outbox as the person reads their mailbox. */
export async function confirmationCodeSentTo(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'EMAIL_CONFIRMATION_CODE')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /^\d{6}$/m.exec(mail?.text ?? '')?.[0];
  if (!code) throw new Error(`no confirmation code was mailed to ${email}`);
  return code;
}

/** Confirms the saved e-mail address as the personal information screen does: a code mailed to it, typed back. */
export async function confirmEmail(app: FastifyInstance, call: Call): Promise<void> {
  // Confirmed at an earlier sign-in, with the same address saved since: nothing to do, as on the screen.
  if ((await call('GET', '/onboarding/representative')).json<{ isEmailConfirmed: boolean }>().isEmailConfirmed) return;
  const sent = await call('POST', '/onboarding/representative/email-confirmation/code');
  if (sent.statusCode !== 202) throw new Error(`sending the confirmation code answered ${sent.statusCode}: ${sent.body}`);
  const code = await confirmationCodeSentTo(app, (sent.json() as { email: string }).email);
  const confirmed = await call('POST', '/onboarding/representative/email-confirmation', { code });
  if (confirmed.statusCode !== 200) throw new Error(`confirming the e-mail address answered ${confirmed.statusCode}: ${confirmed.body}`);
}
