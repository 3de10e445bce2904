import type { FastifyInstance } from 'fastify';

/**
 * The Smart-ID stand-in's phone (SK DEMO's `POST /mock/device-link` at the service's origin): it checks the
 * link as the app does and answers the session as the account's outcome; for Web2App it opens the return
 * address and hands it back. The status and body as they are, for tests of its refusals.
 */
export async function playThePhone(smartIdBaseUrl: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL('/mock/device-link', smartIdBaseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export type PhoneOpens = {
  /** The account that scans or opens the link, e.g. PNOEE-40404040009-MOCK-Q. */
  documentNumber: string;
  deviceLink: string;
  flowType: 'QR' | 'Web2App';
  /** Web2App: the cookie the browser holds, which the app's return brings. */
  browserCookie?: string;
};

/** The phone of the app's stand-in opens the link; anything but a 200 is an error of the test. */
export async function openOnPhone(app: FastifyInstance, opens: PhoneOpens): Promise<{ endResult: string; callbackUrl?: string }> {
  const answer = await playThePhone(app.identitySimulators?.smartIdBaseUrl ?? '', opens);
  if (answer.status !== 200) throw new Error(`the stand-in phone answered ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
  return answer.body as { endResult: string; callbackUrl?: string };
}

/** SK DEMO's document number of a test account (docs/eid-facts.md section 2). */
export const documentNumberOf = (personalId: string): string => `PNOEE-${personalId}-MOCK-Q`;
