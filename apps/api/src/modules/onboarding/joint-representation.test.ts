import { JOINT_BOARD_MEMBER, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signInAsRepresentative } from '../../test/representative.js';

/**
 * A company whose two board members represent it only jointly (docs/register-facts.md section 5), read through
 * the register's stand-in: the review before signing names the other member who must sign, and the signed
 * application waits for their signature.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
});

type Review = { signing?: { requirement: string; othersNeeded: number; candidates: { firstName: string; lastName: string }[]; isCheckedByBank: boolean } };

describe('joint representation', () => {
  it('names the other board member before signing, and waits for their signature after', async () => {
    const call = await signInAsRepresentative(app, JOINT_BOARD_MEMBER.person.personalId);
    const application = await fillSteps(call, await applicationFor(call, JOINT_BOARD_MEMBER.company.registryCode), undefined, JOINT_BOARD_MEMBER);
    const review = (await call('GET', `/onboarding/applications/${application.processId}/review`)).json() as Review;
    expect(review.signing).toEqual({
      requirement: 'TOGETHER',
      othersNeeded: 1,
      candidates: [{ firstName: 'Katrin', lastName: 'Ilves' }],
      isCheckedByBank: true,
      isProcuraHolder: false,
      isCollected: true,
    });
    // The applicant learns whom to ask, not their personal code.
    expect(JSON.stringify(review.signing)).not.toContain('47103220312');

    const started = await call('POST', `/onboarding/applications/${application.processId}/signing`, { method: 'MOBILE_ID', phoneNumber: '+37268000769' });
    expect(started.statusCode, started.body).toBe(200);
    const { signingSessionId } = started.json() as { signingSessionId: string };
    let state = 'WAITING_FOR_PIN2';
    for (let attempt = 0; attempt < 50 && state === 'WAITING_FOR_PIN2'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = ((await call('GET', `/onboarding/applications/${application.processId}/signing/${signingSessionId}`)).json() as { state: string }).state;
    }
    expect(state).toBe('SIGNED');
    // Not submitted yet: the other board member signs too, invited from the product (co-signing.test.ts).
    const awaiting = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as { status: string };
    expect(awaiting).toMatchObject({ status: 'AWAITING_SIGNATURES' });
  });

  it('says nothing more to a board member who may sign alone', async () => {
    const call = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId);
    const application = await applicationFor(call, OK_TESTNUMBER.company.registryCode);
    const review = (await call('GET', `/onboarding/applications/${application.processId}/review`)).json() as Review;
    expect(review.signing).toEqual({
      requirement: 'ALONE',
      othersNeeded: 0,
      candidates: [],
      isCheckedByBank: false,
      isProcuraHolder: false,
      isCollected: false,
    });
  });
});
