import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApplication } from './application-steps.js';
import type { Call } from './representative.js';

export type SigningOutcome = { state: string; failureCode?: string; application?: { status: string; currentStep: string; followUp: string } };

/**
 * Signs the application's contract with the simulated ID-card of `personalId` (the simulators' card reader signs
 * for any personal code), as the browser does: the signing certificate, the hash to sign, the card's signature.
 * Answers the start's response when signing could not start (an incomplete application, a changed register).
 */
export async function signWithIdCard(
  app: FastifyInstance,
  call: Call,
  application: Pick<TestApplication, 'processId'>,
  personalId: string,
): Promise<{ started: { statusCode: number; body: Record<string, unknown> }; outcome?: SigningOutcome }> {
  const card = async (path: string, body?: object) =>
    (body
      ? await app.inject({ method: 'POST', url: `/dev/id-card/${path}`, payload: body })
      : await app.inject({ method: 'GET', url: `/dev/id-card/${path}?personalId=${personalId}` })
    ).json() as { certificate?: string; signature?: string };

  const { certificate } = await card('signing-certificate');
  const path = `/onboarding/applications/${application.processId}/signing`;
  const response = await call('POST', path, { method: 'ID_CARD', certificate });
  const started = { statusCode: response.statusCode, body: response.json() as Record<string, unknown> };
  if (response.statusCode !== 200) return { started };
  const { signingSessionId, hash } = started.body as { signingSessionId: string; hash: string };
  const { signature } = await card('sign', { personalId, hash, hashType: 'SHA256' });
  const finished = await call('POST', `${path}/${signingSessionId}/id-card-signature`, { signature });
  expect(finished.statusCode, finished.body).toBe(200);
  return { started, outcome: finished.json() as SigningOutcome };
}
