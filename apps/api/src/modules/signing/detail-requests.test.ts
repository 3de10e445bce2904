import { integrationApplicationSchema, type OwnDetails } from '@onboarding/domain';
import { JOINT_BOARD_MEMBER } from '@onboarding/domain/test-support';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, invitations } from '../../db/schema.js';
import { integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { appWithBank, filledJointApplication, KATRIN, tokenMailedTo } from '../../test/invitations.js';
import { signInAsRepresentative } from '../../test/representative.js';

/**
 * Related persons give their own details by link (decision 40), through the API on a real database: the applicant
 * asks the other board member, whom they declared, for her own details; only she opens the link; signing waits until
 * she answers, and her answer is written into the related persons step with her eID as the source.
 */

const STRANGER = '38001085718';
let app: FastifyInstance;
let bank: TestClient;

beforeAll(async () => {
  ({ app, bank } = await appWithBank(['applications:read']));
}, 60_000);
afterAll(async () => {
  await app?.close();
});

type Request = { invitationId: string; personId: string; status: string; maySendAgain: boolean };
const KATRIN_ID = `person:EE:${KATRIN}`;

describe('a related person completing their own details', () => {
  it('is asked by mail, answers as herself into the step, and signing waits for her; a withdrawn or lapsed request does not hold it', async () => {
    const { call, application } = await filledJointApplication(app, { declaringKatrin: true });
    const path = `/onboarding/applications/${application.processId}/detail-requests`;
    expect((await call('GET', path)).json()).toEqual({ requests: [] });

    // Only a person of the step with a personal code, and not the applicant, can be asked.
    expect((await call('POST', path, { personId: 'nobody', email: 'x@example.ee', language: 'et' })).statusCode).toBe(404);
    const applicantId = `person:EE:${JOINT_BOARD_MEMBER.person.personalId}`;
    expect((await call('POST', path, { personId: applicantId, email: 'x@example.ee', language: 'et' })).statusCode).toBe(409);
    expect((await call('POST', path, { personId: KATRIN_ID, email: 'katrin@', language: 'et' })).statusCode).toBe(400);

    const asked = await call('POST', path, { personId: KATRIN_ID, email: 'katrin@example.ee', language: 'en' });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json() as Request;
    expect(request).toMatchObject({ personId: KATRIN_ID, status: 'PENDING', maySendAgain: true });
    expect((await call('POST', path, { personId: KATRIN_ID, email: 'katrin@example.ee', language: 'en' })).statusCode).toBe(409);
    const token = await tokenMailedTo(app, 'katrin@example.ee', 'DETAILS_REQUEST');

    // Signing waits for her answer.
    const waiting = await signWithIdCard(app, call, application, JOINT_BOARD_MEMBER.person.personalId);
    expect(waiting.started.statusCode).toBe(409);

    // Someone else with the link: as missing as an unknown link.
    const stranger = await signInAsRepresentative(app, STRANGER);
    expect((await stranger('GET', `/onboarding/invitations/${token}`)).statusCode).toBe(404);

    const katrin = await signInAsRepresentative(app, KATRIN);
    const received = (await katrin('GET', `/onboarding/invitations/${token}`)).json() as { declared: { details: OwnDetails } };
    expect(received).toMatchObject({
      purpose: 'DETAILS',
      status: 'PENDING',
      role: null,
      // As the applicant's sign-in named them when they asked.
      applicantName: 'TEST USER',
      company: { businessName: 'Kaheallkirja Ehitus OÜ' },
      declared: { roles: ['MANAGEMENT_BOARD_MEMBER'] },
      own: null,
    });
    // Not a way into the application, nor into signing it.
    expect((await katrin('GET', `/onboarding/applications/${application.processId}`)).statusCode).toBe(404);
    expect((await signWithIdCard(app, katrin, application, KATRIN)).started.statusCode).toBe(404);

    const hers: OwnDetails = {
      ...received.declared.details,
      residency: 'NON_RESIDENT',
      taxResidences: [{ countryCode: 'FI', tin: '220371-123A' }],
    };
    const given = await katrin('PUT', `/onboarding/invitations/${token}/own-details`, hers);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ status: 'ANSWERED', own: { details: { residency: 'NON_RESIDENT' } } });
    expect((await katrin('PUT', `/onboarding/invitations/${token}/own-details`, hers)).statusCode).toBe(409);

    // Her words are in the step now; the applicant sees she answered.
    const step = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as {
      version: number;
      steps: { RelatedPersons: { relatedPersons: { id: string; residency: string; taxResidences: unknown }[] } };
    };
    expect(step.steps.RelatedPersons.relatedPersons.find((person) => person.id === KATRIN_ID)).toMatchObject({
      residency: 'NON_RESIDENT',
      taxResidences: [{ countryCode: 'FI', tin: '220371-123A' }],
    });
    expect((await call('GET', path)).json()).toMatchObject({ requests: [{ personId: KATRIN_ID, status: 'ANSWERED' }] });
    const [event] = await app.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.processId, application.processId), eq(applicationEvents.type, 'OWN_DETAILS_GIVEN')));
    expect(event).toMatchObject({ actor: `EE${KATRIN}`, payload: { source: 'EID', step: 'RelatedPersons', differences: ['residency', 'taxResidences'] } });

    // A request withdrawn holds nothing; nor does one past its time.
    const again = (await call('POST', path, { personId: KATRIN_ID, email: 'katrin@example.ee', language: 'et' })).json() as Request;
    expect((await call('POST', `${path}/${again.invitationId}/withdraw`)).json()).toMatchObject({ status: 'WITHDRAWN' });
    const withdrawnToken = await tokenMailedTo(app, 'katrin@example.ee', 'DETAILS_REQUEST');
    expect((await katrin('PUT', `/onboarding/invitations/${withdrawnToken}/own-details`, hers)).statusCode).toBe(409);
    const lapsing = (await call('POST', path, { personId: KATRIN_ID, email: 'katrin@example.ee', language: 'et' })).json() as Request;
    await app.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, lapsing.invitationId));
    expect((await call('GET', path)).json()).toMatchObject({ requests: [{ status: 'EXPIRED', maySendAgain: false }] });

    const { outcome } = await signWithIdCard(app, call, application, JOINT_BOARD_MEMBER.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED' });
    // Once signed, nothing more is asked for the application.
    expect((await call('POST', path, { personId: KATRIN_ID, email: 'katrin@example.ee', language: 'et' })).statusCode).toBe(409);

    // She signs too; the application is submitted, and the bank reads each request, how it ended, and her answer
    // beside the declaration.
    const invited = await call('POST', `/onboarding/applications/${application.processId}/invitations`, {
      candidateIndex: 0,
      email: 'katrin@example.ee',
      language: 'et',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await signWithIdCard(app, katrin, application, KATRIN)).outcome).toEqual({ state: 'SIGNED' });
    const read = await app.inject({
      method: 'GET',
      url: `/integration/v1/applications/${application.processId}`,
      headers: { authorization: `Bearer ${await integrationToken(app, bank)}` },
    });
    const forBank = integrationApplicationSchema.parse(read.json());
    expect(forBank.detailRequests.map(({ status, personId }) => [status, personId])).toEqual([
      ['EXPIRED', KATRIN_ID],
      ['WITHDRAWN', KATRIN_ID],
      ['ANSWERED', KATRIN_ID],
    ]);
    expect(forBank.detailRequests[2]?.ownDetails).toMatchObject({ details: hers, differences: ['residency', 'taxResidences'] });
  });
});
