import { integrationApplicationSchema } from '@onboarding/domain';
import { JOINT_BOARD_MEMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationToken, type TestClient } from '../../test/integration-clients.js';
import { appWithBank, KATRIN, tokenMailedTo } from '../../test/invitations.js';
import { signInAsRepresentative } from '../../test/representative.js';

/**
 * The bank names the signers where the register's rule is not one the product reads (decision 41), through the
 * integration API on a real database: Kolme Juhiga Ehitus OÜ's board of three represents it by a condition in free
 * text. The applicant signs and the application is submitted; the bank names Katrin Ilves; the application waits for
 * her, the applicant invites her, she signs, and the application is submitted again with both signatures.
 */

const THREE_BOARD: ApplicationSubject = {
  company: {
    businessName: 'Kolme Juhiga Ehitus OÜ',
    registryCode: '19022375',
    legalAddress: { countryCode: 'EE', county: 'Tartu maakond', district: 'Tartu linn', city: 'Tartu', street: 'Riia tn 26', postalCode: '51010' },
    mainFieldOfActivityCode: '41201',
  },
  person: JOINT_BOARD_MEMBER.person,
};
const PEETER_METS = '36509170423';
const STRANGER = '38001085718';

let app: FastifyInstance;
let bank: TestClient;

beforeAll(async () => {
  ({ app, bank } = await appWithBank(['applications:read', 'applications:decide']));
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function bankCall(method: 'GET' | 'POST', url: string, payload?: object, key?: string) {
  const token = await integrationToken(app, bank);
  return app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

describe('signers the bank names', () => {
  it('are collected exactly: the application waits for them, then is submitted again with every signature', async () => {
    const call = await signInAsRepresentative(app, THREE_BOARD.person.personalId);
    const application = await fillSteps(call, await applicationFor(call, THREE_BOARD.company.registryCode), undefined, THREE_BOARD);
    // The product does not read the rule: the applicant signs and the application goes to the bank, which reads it.
    const review = (await call('GET', `/onboarding/applications/${application.processId}/review`)).json() as { signing?: { requirement: string } };
    expect(review.signing).toMatchObject({ requirement: 'BANK_DECIDES' });
    expect((await signWithIdCard(app, call, application, THREE_BOARD.person.personalId)).outcome).toMatchObject({
      state: 'SIGNED',
      application: { status: 'SUBMITTED' },
    });

    const path = `/integration/v1/applications/${application.processId}`;
    const version = () => bankCall('GET', path).then((read) => integrationApplicationSchema.parse(read.json()).version);
    const name = (...codes: string[]) => ({
      applicationVersion: 0,
      decision: { type: 'SIGNERS_NAMED', signers: codes.map((personalId) => ({ personalId, personalIdCountryCode: 'EE' })) },
    });
    // Only board members the register names, never the applicant, none twice.
    for (const codes of [[STRANGER], [THREE_BOARD.person.personalId], [KATRIN, KATRIN]]) {
      const refused = await bankCall('POST', `${path}/decisions`, { ...name(...codes), applicationVersion: await version() }, `refused-${codes.join('-')}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'decision.signers' }] });
    }
    const named = await bankCall('POST', `${path}/decisions`, { ...name(KATRIN), applicationVersion: await version() }, 'named-katrin');
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ status: 'AWAITING_SIGNATURES' });

    // The applicant sees whom the bank named (Peeter Mets is not asked), invites her, and she signs.
    const coSigning = (await call('GET', `/onboarding/applications/${application.processId}/co-signing`)).json() as {
      othersNeeded: number;
      coSigners: { firstName: string; lastName: string }[];
    };
    expect(coSigning).toMatchObject({ othersNeeded: 1, coSigners: [{ firstName: 'Katrin', lastName: 'Ilves' }] });
    const invited = await call('POST', `/onboarding/applications/${application.processId}/invitations`, {
      candidateIndex: 0,
      email: 'katrin@example.ee',
      language: 'et',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const katrin = await signInAsRepresentative(app, KATRIN);
    expect((await katrin('GET', `/onboarding/invitations/${await tokenMailedTo(app, 'katrin@example.ee')}`)).json()).toMatchObject({ status: 'PENDING' });
    // Peeter Mets, whom the bank did not name, cannot sign it.
    expect((await signWithIdCard(app, await signInAsRepresentative(app, PEETER_METS), application, PEETER_METS)).started.statusCode).toBe(404);
    expect((await signWithIdCard(app, katrin, application, KATRIN)).outcome).toEqual({ state: 'SIGNED' });

    const forBank = integrationApplicationSchema.parse((await bankCall('GET', path)).json());
    expect(forBank.status).toBe('SUBMITTED');
    expect(forBank.signatures.map(({ personalId }) => personalId)).toEqual([THREE_BOARD.person.personalId, KATRIN]);
    expect(forBank.history.filter((event) => event.type === 'APPLICATION_SUBMITTED')).toHaveLength(2);
  });
});
