import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import {
  createMobileIdClient,
  createOcspClient,
  createSmartIdClient,
  createTimestampClient,
  type MobileIdentityMethod,
  type MobileIdentityProvider,
  type OcspClient,
  responderUrlByIssuer,
  SCHEME_NAME_DEMO,
  type SmartIdClient,
  type SigningProviders,
  type TimestampClient,
} from '../identity/index.js';
import { connectSimulators, startSimulators, type SimulatorEndpoints, type SimulatorHandle } from '../../simulators/index.js';

export type IdentityServices = {
  providers: Record<MobileIdentityMethod, MobileIdentityProvider>;
  /** The Smart-ID client itself, for what only Smart-ID offers: device-link sign-in (QR, Web2App). */
  smartId: SmartIdClient;
  /** PIN2 signing through the same clients; ID-card signatures are checked with validateIdCardSignature and idCardTrustAnchors. */
  signing: SigningProviders;
  idCardTrustAnchors: string[];
  /** What makes a signature baseline LT: the signer certificate's status and a time-stamp over the signature. */
  signatureEvidence: {
    ocsp: OcspClient;
    timestamps: TimestampClient;
    /** PEM: every CA that issues signing certificates (Smart-ID, Mobile-ID, ID-card). */
    signerTrustAnchors: string[];
    /** PEM: the CAs of the time-stamping authority. */
    timestampTrustAnchors: string[];
  };
  /** The eid listener's TLS certificate and key, when configured or simulated. */
  eidTls?: { cert: string; key: string };
  /** The simulators' endpoints, in simulated mode: this process's own, or those at SIMULATORS_URL. */
  simulators?: SimulatorEndpoints;
  /** The simulators this process started (simulated mode without SIMULATORS_URL); tests reach into them. */
  localSimulators?: SimulatorHandle;
  close(): Promise<void>;
};

const readPemFiles = (files: string[] | undefined): string[] => (files ?? []).map((file) => readFileSync(file, 'utf8'));

/**
 * The Smart-ID and Mobile-ID clients (sign-in and signing), pointed at SK's services in live mode
 * and at the built-in simulators in simulated mode. The clients are the same
 * either way; only the addresses, relying party and trust anchors differ.
 */
export async function createIdentityServices(config: Config, logger: FastifyBaseLogger): Promise<IdentityServices> {
  const isSimulated = config.IDENTITY_MODE === 'simulated';
  const localSimulators =
    isSimulated && config.SIMULATORS_URL === undefined
      ? await startSimulators({
          dataDir: path.join(config.dataDir, 'simulators'),
          completionDelayMs: config.SIMULATOR_COMPLETION_DELAY_MS,
          logger: logger.child({ module: 'simulators' }),
        })
      : undefined;
  const simulators: SimulatorEndpoints | undefined =
    localSimulators ?? (isSimulated && config.SIMULATORS_URL !== undefined ? await connectSimulators(config.SIMULATORS_URL) : undefined);

  const smartId = createSmartIdClient({
    baseUrl: config.SMART_ID_BASE_URL ?? simulators?.smartIdBaseUrl ?? '',
    relyingPartyUuid: config.SMART_ID_RELYING_PARTY_UUID ?? simulators?.relyingPartyUuid ?? '',
    relyingPartyName: config.SMART_ID_RELYING_PARTY_NAME ?? simulators?.relyingPartyName ?? '',
    trustAnchors: config.SMART_ID_TRUST_ANCHORS ? readPemFiles(config.SMART_ID_TRUST_ANCHORS) : (simulators?.smartIdTrustAnchors ?? []),
    displayText: config.IDENTITY_DISPLAY_TEXT,
    // The simulators stand in for SK's DEMO, whose scheme is smart-id-demo, wherever they run; else by the address.
    ...(config.SMART_ID_SCHEME_NAME ? { schemeName: config.SMART_ID_SCHEME_NAME } : isSimulated ? { schemeName: SCHEME_NAME_DEMO } : {}),
  });
  const mobileId = createMobileIdClient({
    baseUrl: config.MOBILE_ID_BASE_URL ?? simulators?.mobileIdBaseUrl ?? '',
    relyingPartyUuid: config.MOBILE_ID_RELYING_PARTY_UUID ?? simulators?.relyingPartyUuid ?? '',
    relyingPartyName: config.MOBILE_ID_RELYING_PARTY_NAME ?? simulators?.relyingPartyName ?? '',
    trustAnchors: config.MOBILE_ID_TRUST_ANCHORS ? readPemFiles(config.MOBILE_ID_TRUST_ANCHORS) : (simulators?.mobileIdTrustAnchors ?? []),
  });

  const eidTls =
    config.EID_TLS_CERT_FILE && config.EID_TLS_KEY_FILE
      ? { cert: readFileSync(config.EID_TLS_CERT_FILE, 'utf8'), key: readFileSync(config.EID_TLS_KEY_FILE, 'utf8') }
      : simulators?.eidServerTls;

  const smartIdTrustAnchors = config.SMART_ID_TRUST_ANCHORS ? readPemFiles(config.SMART_ID_TRUST_ANCHORS) : (simulators?.smartIdTrustAnchors ?? []);
  const mobileIdTrustAnchors = config.MOBILE_ID_TRUST_ANCHORS ? readPemFiles(config.MOBILE_ID_TRUST_ANCHORS) : (simulators?.mobileIdTrustAnchors ?? []);
  const idCardTrustAnchors = config.ID_CARD_TRUST_ANCHORS ? readPemFiles(config.ID_CARD_TRUST_ANCHORS) : (simulators?.idCardTrustAnchors ?? []);
  const signatureEvidence = {
    // Live: the responder each certificate's AIA names (SK's). Simulated: the simulators' responder, mapped by issuer.
    ocsp: createOcspClient({ timeoutMs: config.OCSP_TIMEOUT_MS, ...(simulators ? { responderUrlFor: responderUrlByIssuer(simulators.ocspResponders) } : {}) }),
    timestamps: createTimestampClient({ url: config.TIMESTAMP_URL ?? simulators?.tsaUrl ?? '', timeoutMs: config.TIMESTAMP_TIMEOUT_MS }),
    signerTrustAnchors: [...smartIdTrustAnchors, ...mobileIdTrustAnchors, ...idCardTrustAnchors],
    timestampTrustAnchors: config.TIMESTAMP_TRUST_ANCHORS ? readPemFiles(config.TIMESTAMP_TRUST_ANCHORS) : (simulators?.tsaTrustAnchors ?? []),
  };

  return {
    providers: { SMART_ID: smartId, MOBILE_ID: mobileId },
    smartId,
    signing: { SMART_ID: smartId, MOBILE_ID: mobileId },
    idCardTrustAnchors,
    signatureEvidence,
    ...(eidTls ? { eidTls } : {}),
    ...(simulators ? { simulators } : {}),
    ...(localSimulators ? { localSimulators } : {}),
    close: async () => {
      await localSimulators?.close();
    },
  };
}
