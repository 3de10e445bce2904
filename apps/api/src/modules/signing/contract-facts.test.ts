import { applicationFactsOf } from '@onboarding/domain';
import { COMPLETE_APPLICATION_COMPANY, JAAK_KRISTJAN, completeSteps } from '@onboarding/domain/test-support';
import { describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../onboarding/index.js';
import { contractFactsOf } from './contract-facts.js';

const stepData = Object.fromEntries(completeSteps(JAAK_KRISTJAN)) as Record<string, unknown>;
const application = {
  processId: '1d52be4b-8d0c-4f7e-9a2b-3c4d5e6f7a8b',
  applicationNumber: 100004,
  stepData,
} as unknown as ApplicationRow;
const { facts, discrepancies } = applicationFactsOf({
  company: { ...COMPLETE_APPLICATION_COMPANY, legalForm: 'OU', source: 'MANUAL' },
  register: null,
  steps: stepData,
  representative: { personalId: JAAK_KRISTJAN.person.personalId, personalIdCountryCode: 'EE', name: 'Jaak-Kristjan Jõeorg' },
});

describe('contractFactsOf', () => {
  it('names the application by the number people see, not by its process id', () => {
    const contract = contractFactsOf(application, facts, discrepancies, { bankName: 'Pank AS', now: new Date('2026-11-21T10:00:00Z'), language: 'et' });
    expect(contract.applicationNumber).toBe(100004);
    expect(JSON.stringify(contract)).not.toContain(application.processId);
  });

  it('dates the contract by the day in Estonia', () => {
    // 22.30 in UTC on 30 November is half past midnight on 1 December in Tallinn.
    const contract = contractFactsOf(application, facts, discrepancies, { bankName: 'Pank AS', now: new Date('2026-11-30T22:30:00Z'), language: 'et' });
    expect(contract.date).toBe('2026-12-01');
  });

  it('keeps the reasons for opening as the applicant gave them, apart from the services', () => {
    const contract = contractFactsOf(application, facts, discrepancies, { bankName: 'Pank AS', now: new Date('2026-11-21T10:00:00Z'), language: 'en' });
    expect(contract.openingReasons.reasons).toEqual(['DOMESTICSETTLEMENTS']);
  });
});
