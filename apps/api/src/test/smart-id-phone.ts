import type { FastifyInstance } from 'fastify';

export type PhoneOpens = {
  /** The account that scans or opens the link, e.g. PNOEE-40404040009-MOCK-Q. */
  documentNumber: string;
  deviceLink: string;
  flowType: 'QR' | 'Web2App';
  /** Web2App: the cookie the browser holds, which the app's return brings. */
  browserCookie?: string;
};

/**
 * The Smart-ID stand-in's phone (SK DEMO's POST /mock/device-link): it checks the link as the app does and
 * answers the session as the account's outcome; for Web2App it opens the return address and hands it back.
 */
export async function openOnPhone(app: FastifyInstance, opens: PhoneOpens): Promise<{ endResult: string; callbackUrl?: string }> {
  const response = await fetch(new URL('/mock/device-link', app.identitySimulators?.smartIdBaseUrl ?? ''), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(opens),
  });
  if (!response.ok) throw new Error(`the stand-in phone answered ${String(response.status)}: ${await response.text()}`);
  return (await response.json()) as { endResult: string; callbackUrl?: string };
}

/** SK DEMO's document number of a test account (docs/eid-facts.md section 2). */
export const documentNumberOf = (personalId: string): string => `PNOEE-${personalId}-MOCK-Q`;
