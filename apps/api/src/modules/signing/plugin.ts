import type { InvitationPurpose } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { AuthModule } from '../auth/index.js';
import type { MailModule } from '../mail/index.js';
import type { Applications, Signer } from '../onboarding/index.js';
import type { RateLimits } from '../rate-limits/index.js';
import { createCoSigningService, currentSignersOf } from './co-signing.js';
import { createDetailRequestService } from './detail-requests.js';
import { idCardStandInRoutes } from './id-card-stand-in-routes.js';
import { createInvitationRepository, type InvitationRow } from './invitation-repository.js';
import { invitationRoutes } from './invitation-routes.js';
import { createContractRenderer } from './render-contract.js';
import { signingRoutes } from './routes.js';
import { createSigningRepository, type SigningRepository } from './signing-repository.js';
import { containerFileName, createSigningService } from './signing-service.js';
import { createAccountChoice, type SecretSealing } from './smart-id-account-choice.js';
import { ASIC_E_MEDIA_TYPE } from './container/asic.js';
import { createContainerSealer } from './container/seal-container.js';

/**
 * The signed contracts, as the bank's systems read them: the current one of an application (the applicant's
 * download), who signed it, and whom the applicant asked to sign it too.
 */
export type SignedContracts = Pick<SigningRepository, 'currentSigned'> & {
  signersOf(processId: string): Promise<Signer[]>;
  /** Whom the applicant asked to sign (SIGN) or to give their own details (DETAILS). */
  invitationsOf(processId: string, purpose: InvitationPurpose): Promise<InvitationRow[]>;
};

/** What the other modules get of signing. */
export type SigningModule = { signedContracts: SignedContracts };

export type SigningPluginOptions = Pick<AuthModule, 'requireUser' | 'identity'> & {
  config: Config;
  database: Database;
  rateLimits: RateLimits;
  /** The onboarding module's applications: signing reads them and submits one through their write path. */
  applications: Applications;
  /** The submission mail carries the signed contract. */
  mail: Pick<MailModule, 'attachToTemplate'>;
  /** The Smart-ID account the person signed in with by QR code or app link: signing asks that device. */
  smartIdDeviceOf: (userSessionId: string) => Promise<string | undefined>;
  /** Seals the secret of a Smart-ID account choice by QR code or app link, kept with the session for every instance. */
  sealing: SecretSealing;
};

/**
 * Signing: the contract, PIN2 with Smart-ID or Mobile-ID, the ID-card's
 * signature, and the submission. The applications are the onboarding
 * module's; signing asks it through the narrow `applications` port.
 */
export async function registerSigning(app: FastifyInstance, options: SigningPluginOptions): Promise<SigningModule> {
  const { config, database, requireUser, identity, rateLimits, applications, mail, smartIdDeviceOf, sealing } = options;
  const signingRepository = createSigningRepository(database.db);
  const invitations = createInvitationRepository(database.db);
  // The submission mail carries the signed contract: the container of the session that submitted, read at each send.
  // A mail queued before the session was kept with it gets the current signed one.
  mail.attachToTemplate('APPLICATION_SUBMITTED', async ({ processId, attachmentKey }) => {
    const container = attachmentKey
      ? await signingRepository.signedContainerOf(processId, attachmentKey)
      : ((await signingRepository.currentSigned(processId))?.container ?? undefined);
    return container && { filename: containerFileName(processId), content: container, contentType: ASIC_E_MEDIA_TYPE };
  });
  const signing = createSigningService({
    repository: signingRepository,
    applications,
    invitations,
    providers: identity.signing,
    idCardTrustAnchors: identity.idCardTrustAnchors,
    render: createContractRenderer(config.brand),
    sealer: createContainerSealer({ ...identity.signatureEvidence, log: app.log }),
    bankName: config.brand.name,
    serviceFee: config.serviceFee,
    smartIdDeviceOf,
    accountChoice: createAccountChoice({ smartId: identity.signing.SMART_ID, sealing, publicUrl: config.PUBLIC_URL, now: () => new Date() }),
    log: app.log,
  });
  await app.register(signingRoutes, {
    service: signing,
    requireUser,
    limitStarts: rateLimits.hook(rateLimits.rules.signingStartPerUser),
    limitPreviews: rateLimits.hook(rateLimits.rules.contractPreviewPerUser),
  });
  await app.register(invitationRoutes, {
    service: createCoSigningService({ invitations, signing: signingRepository, applications, validDays: config.INVITATION_VALID_DAYS }),
    detailRequests: createDetailRequestService({ invitations, db: database.db, applications, validDays: config.INVITATION_VALID_DAYS }),
    requireUser,
    limitInvitations: rateLimits.hook(rateLimits.rules.invitationPerUser),
  });
  // The browser's simulated ID-card reaches the card stand-in through the app: same origin, so the CSP stays strict.
  if (identity.simulators) await app.register(idCardStandInRoutes, { baseUrl: identity.simulators.idCardBaseUrl });
  return {
    signedContracts: {
      currentSigned: (processId) => signingRepository.currentSigned(processId),
      signersOf: (processId) => currentSignersOf(signingRepository, processId),
      invitationsOf: (processId, purpose) => invitations.ofApplication(processId, purpose),
    },
  };
}
