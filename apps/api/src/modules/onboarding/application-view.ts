import { isStep, registerRepresentationBasis, type ApplicationView, type RegisterCompanyDetails, type Step } from '@onboarding/domain';
import type { ApplicationRow } from './rows.js';
import { serviceFeeInvoiceOf } from './service-fee-invoice.js';

/** The register card an application holds, and when it was read; null for a company the register does not know. */
export const registerOf = (application: ApplicationRow): { details: RegisterCompanyDetails; queriedAt: string } | null =>
  application.registerFacts && application.registerQueriedAt
    ? { details: application.registerFacts as unknown as RegisterCompanyDetails, queriedAt: application.registerQueriedAt.toISOString() }
    : null;

/** The representative's right to represent the company as the register names it; null where it names none. */
function registerBasisOf(row: ApplicationRow): ApplicationView['company']['representationBasis'] {
  const register = registerOf(row);
  if (!register) return null;
  return registerRepresentationBasis(register.details, { personalId: row.representativePersonalId, personalIdCountryCode: row.representativeCountryCode });
}

/** The application as its representative's screens read it. */
export function toApplicationView(row: ApplicationRow): ApplicationView {
  return {
    processId: row.processId,
    applicationNumber: row.applicationNumber,
    version: row.version,
    currentStep: (isStep(row.currentStep) ? row.currentStep : 'AccountOpeningReason') as Step,
    status: row.status as ApplicationView['status'],
    company: {
      businessName: row.companyName,
      registryCode: row.companyRegistryCode,
      registryCountryCode: row.companyRegistryCountryCode,
      legalForm: row.companyLegalForm,
      isListedCompany: registerOf(row)?.details.isListedCompany ?? null,
      // The application is its representative's alone, so their right in the register is the application's.
      representationBasis: registerBasisOf(row),
    },
    steps: row.stepData,
    drafts: row.drafts,
    updatedAt: row.updatedAt.toISOString(),
    followUp: (row.followUp ?? null) as ApplicationView['followUp'],
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reopenedSteps: row.reopenedSteps ?? null,
    serviceFeeInvoice: serviceFeeInvoiceOf(row),
  };
}
