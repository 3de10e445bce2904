import {
  applicationFactsSchema,
  endpointPath,
  integrationEndpoints,
  type ApplicationHistory,
  type FactsInput,
  type IntegrationApplication,
  type IntegrationApplicationPage,
  type IntegrationApplicationSummary,
  type ListApplicationsQuery,
  unverifiedFactsOf,
} from '@onboarding/domain';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { serviceFeeInvoiceOf, type ApplicationRow, type Applications, type SubmittedSummaryRow } from '../onboarding/index.js';
import { invitationStatusOf, ownStatementOf, type InvitationRow, type SignedContracts } from '../signing/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';

export type IntegrationServiceOptions = {
  /** The onboarding module's applications: the submitted ones, their facts and their record. */
  applications: Pick<Applications, 'factsFor' | 'historyOf' | 'submittedPage' | 'findSubmitted'>;
  /** The signing module's signed contracts, their signers and the invitations to sign them too. */
  signing: Pick<SignedContracts, 'currentSigned' | 'signersOf' | 'invitationsOf'>;
};

const notFound = () => new AppError('NOT_FOUND', 'No such submitted application.');

function summaryOf(row: SubmittedSummaryRow): IntegrationApplicationSummary {
  return {
    processId: row.processId,
    applicationNumber: row.applicationNumber,
    status: row.status as IntegrationApplicationSummary['status'],
    company: {
      name: row.companyName,
      registryCode: row.companyRegistryCode,
      registryCountryCode: row.companyRegistryCountryCode,
      isVerified: row.companySource === 'REGISTER',
    },
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

const submittedFactsSchema = z.object({ facts: z.object({ representative: applicationFactsSchema.shape.representative }) });

/**
 * Who signed: the representative as the eID named them in the last submission's record. The record is the only
 * place the name is kept (the application row holds the personal code alone).
 */
function representativeOf(application: ApplicationRow, history: ApplicationHistory): FactsInput['representative'] {
  const submission = history.events.findLast((event) => event.type === 'APPLICATION_SUBMITTED');
  const recorded = submittedFactsSchema.safeParse(submission?.payload);
  if (recorded.success) return recorded.data.facts.representative.value;
  return { personalId: application.representativePersonalId, personalIdCountryCode: application.representativeCountryCode, name: '' };
}

/** What the bank's systems read: submitted applications, whole, with the facts' sources and the signed documents. */
/** A person the applicant asked by a mailed link, as the bank reads them: to whom, how it stands, their answer. */
const invitedPersonOf = (row: InvitationRow): IntegrationApplication['invitations'][number] => ({
  invitationId: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  personalId: row.personalId,
  personalIdCountryCode: row.personalIdCountryCode,
  status: invitationStatusOf(row, new Date()),
  sendCount: row.sendCount,
  lastSentAt: row.lastSentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
  declineReason: row.declineReason,
  ownDetails: ownStatementOf(row),
});

export function createIntegrationService(options: IntegrationServiceOptions) {
  const { applications, signing } = options;

  async function submitted(processId: string) {
    const application = await applications.findSubmitted(processId);
    if (!application) throw notFound();
    return application;
  }

  async function signedDocuments(processId: string) {
    await submitted(processId);
    const signed = await signing.currentSigned(processId);
    if (!signed) throw new AppError('NOT_FOUND', 'The application has no signed contract.');
    return signed;
  }

  return {
    async list(query: ListApplicationsQuery): Promise<IntegrationApplicationPage> {
      const rows = await applications.submittedPage({
        ...(query.status ? { status: query.status } : {}),
        ...(query.updatedSince ? { updatedSince: query.updatedSince } : {}),
        ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
        // One more than asked: whether there is a next page, without counting.
        limit: query.limit + 1,
      });
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map(summaryOf),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ updatedAt: last.updatedAt, processId: last.processId }) : null,
      };
    },

    async application(processId: string): Promise<IntegrationApplication> {
      const application = await submitted(processId);
      const history = await applications.historyOf(application);
      const { facts, discrepancies } = applications.factsFor(application, representativeOf(application, history));
      return {
        ...summaryOf({ ...application, updatedAt: application.updatedAtText }),
        followUp: (application.followUp ?? null) as IntegrationApplication['followUp'],
        steps: application.stepData,
        facts,
        discrepancies,
        unverifiedFacts: unverifiedFactsOf(facts),
        history: history.events,
        reopenedSteps: (application.reopenedSteps ?? null) as IntegrationApplication['reopenedSteps'],
        serviceFeeInvoice: serviceFeeInvoiceOf(application),
        signatures: (await signing.signersOf(processId)).map(({ name, personalId, personalIdCountryCode, method, signedAt }) => ({
          name,
          personalId,
          personalIdCountryCode,
          method: method as IntegrationApplication['signatures'][number]['method'],
          signedAt: signedAt.toISOString(),
        })),
        invitations: (await signing.invitationsOf(processId, 'SIGN')).map(invitedPersonOf),
        detailRequests: (await signing.invitationsOf(processId, 'DETAILS')).map((row) => ({ ...invitedPersonOf(row), personId: row.personId ?? '' })),
        links: {
          contract: endpointPath(integrationEndpoints.contract.path, { processId }),
          signedContract: endpointPath(integrationEndpoints.signedContract.path, { processId }),
        },
      };
    },

    /** The current signed contract's PDF: the applicant's download, byte for byte. */
    contract: async (processId: string): Promise<Buffer> => (await signedDocuments(processId)).contract.document,

    /** The current signed ASiC-E container: the applicant's download, byte for byte. */
    async signedContainer(processId: string): Promise<Buffer> {
      const { container } = await signedDocuments(processId);
      if (!container) throw new AppError('NOT_FOUND', 'The application has no signed container.');
      return container;
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
