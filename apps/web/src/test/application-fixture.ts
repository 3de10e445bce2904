import type { ApplicationView, Step } from '@onboarding/domain';

/** An application view as GET applications/:processId answers it. */
export function applicationView(overrides: Partial<ApplicationView> & { currentStep?: Step } = {}): ApplicationView {
  return {
    processId: 'p-1',
    version: 3,
    currentStep: 'AccountOpeningReason',
    status: 'IN_PROGRESS',
    company: { businessName: 'Tamm ja Pojad OÜ', registryCode: '12345678', registryCountryCode: 'EE' },
    steps: {},
    drafts: {},
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}
