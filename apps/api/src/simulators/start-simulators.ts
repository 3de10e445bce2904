import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyError } from 'fastify';
import { findFailingIdCard, findNamedIdCard } from './id-card-identities.js';
import { idCardRoutes } from './id-card-routes.js';
import { mobileIdRoutes } from './mobile-id-routes.js';
import { ocspRoutes, type Outages } from './ocsp-routes.js';
import { tsaRoutes } from './tsa-routes.js';
import { loadSimulatorPki, type SimulatorPki, type TestPerson } from './simulator-pki.js';
import { createSmartIdStandIn } from './smart-id-routes.js';
import { createPhoneScreens, type PhoneScreen } from './phone-screens.js';
import { FIXTURE_COMPANIES } from '../modules/registry/fixture/companies.js';
import { rikRoutes, type RikMode } from './rik/rik-routes.js';
import { RIK_STAND_IN_PASSWORD, RIK_STAND_IN_USERNAME } from './rik/start-rik-stand-in.js';

export type StartSimulatorsOptions = {
  /** Where the test CAs and people's certificates are kept and reused, e.g. <dataDir>/simulators. */
  dataDir: string;
  /** How long each session runs before it completes; 0 in tests. */
  completionDelayMs: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** A logger to log to; or the level of a logger of their own, to standard output, when they run as their own process. */
  logger?: false | FastifyBaseLogger | { level: string };
};

/**
 * What an instance needs to know of the simulators to use them as it would SK's services: their addresses,
 * relying party and trust anchors. Served as JSON at /simulators.json, so instances can use simulators that
 * run as their own process (`npm run simulators`, SIMULATORS_URL).
 */
export type SimulatorEndpoints = {
  /** Smart-ID RP API v3 base, ending in /smart-id-rp/v3/. */
  smartIdBaseUrl: string;
  /**
   * SK DEMO's phone stand-in for device links, POST {documentNumber, deviceLink, flowType, browserCookie?,
   * initialCallbackUrl?} (README.md): completes the device-link session as that account and, for Web2App,
   * opens the callback with the cookie and answers its status and location.
   */
  smartIdMockDeviceLinkUrl: string;
  /** Mobile-ID REST API base, ending in /mid-api. */
  mobileIdBaseUrl: string;
  /**
   * The ID-card signing stand-in, ending in /id-card: GET signing-certificate
   * and POST sign (README.md). It answers no CORS: the web app reaches it
   * through the main app, same-origin.
   */
  idCardBaseUrl: string;
  /** The relying party both simulators accept. */
  relyingPartyUuid: string;
  relyingPartyName: string;
  smartIdTrustAnchors: string[];
  mobileIdTrustAnchors: string[];
  /** Issuer of the test ID-card certificates from issueTestIdCard. */
  idCardTrustAnchors: string[];
  /** The eid listener's TLS certificate for localhost and 127.0.0.1, its key, and the CA that issued it (for test clients). */
  eidServerTls: { cert: string; key: string; ca: string };
  /**
   * The OCSP responder (RFC 6960, POST application/ocsp-request) for the
   * Smart-ID, Mobile-ID and ID-card CAs, ending in /ocsp. The certificates'
   * AIA names SIMULATOR_OCSP_AIA_URL, which never resolves: map issuers to
   * this URL with ocspResponders (README.md, "OCSP responder").
   */
  ocspUrl: string;
  /** Which responder answers for which CA (PEM): every entry is ocspUrl. For the OCSP client's responderUrlFor. */
  ocspResponders: { issuerPem: string; url: string }[];
  /** The time-stamping authority (RFC 3161, POST application/timestamp-query), ending in /tsa. */
  tsaUrl: string;
  /** The CA of the TSA's certificate. */
  tsaTrustAnchors: string[];
  /** The e-Business Register's XML service stand-in (docs/register-facts.md section 1.1), ending in /ariregister/. */
  registerUrl: string;
  /** The register user the stand-in accepts; a demo credential, not a secret. */
  registerUsername: string;
  registerPassword: string;
};

/** The simulators started in this process: their endpoints, and what tests do to them besides calling them. */
export type SimulatorHandle = SimulatorEndpoints & {
  /**
   * A new ID-card authentication certificate and private key (PEM) naming the
   * person. The person's card in the signing stand-in then carries a signing
   * certificate with the same names.
   */
  issueTestIdCard(person: TestPerson): Promise<{ cert: string; key: string }>;
  /** Makes the OCSP responder or the TSA answer HTTP 500 (isDown true) or work again (false), for tests of an outage. */
  setOutage(service: 'ocsp' | 'tsa', isDown: boolean): void;
  /** Makes the register stand-in fail in one of its ways, or answer again (NORMAL). */
  setRegisterMode(mode: RikMode): void;
  /** What the person's phone showed with the latest PIN1 or PIN2 prompt: the verification code to compare with the page. */
  phoneScreen(personalId: string): PhoneScreen | undefined;
  close(): Promise<void>;
};

// SK DEMO's Smart-ID relying party (docs/eid-facts.md section 2); the Mobile-ID simulator accepts it too.
const RELYING_PARTY_UUID = '00000000-0000-4000-8000-000000000000';
const RELYING_PARTY_NAME = 'DEMO';
const SMART_ID_PREFIX = '/smart-id-rp/v3';
// Where SK DEMO has it: at the origin, beside the API (docs/eid-facts.md section 1.10).
const MOCK_PREFIX = '/mock';
const MOBILE_ID_PREFIX = '/mid-api';
const ID_CARD_PREFIX = '/id-card';
const OCSP_PREFIX = '/ocsp';
const TSA_PREFIX = '/tsa';
const REGISTER_PREFIX = '/ariregister';
/** Where the simulators describe themselves (SimulatorEndpoints) to instances that run apart from them. */
export const DESCRIPTOR_PATH = '/simulators.json';
// Whose card a personal code is when no test issued one: the failing or named card's holder, else a generic test person.
const DEFAULT_CARDHOLDER = { givenName: 'OK', surname: 'TESTNUMBER' };

/**
 * Starts the Smart-ID and Mobile-ID simulators, the ID-card signing
 * stand-in and the e-Business Register's stand-in on one HTTP listener. The simulators speak SK's contract, answer
 * SK's DEMO identities alike and sign with certificates from their own test
 * CAs, so the real clients and validation run unchanged against them
 * (docs/style.md habit 6).
 */
export const startSimulators = async (options: StartSimulatorsOptions): Promise<SimulatorHandle> => {
  const pki = await loadSimulatorPki(options.dataDir);
  const app = Fastify({
    ...(!options.logger ? { logger: false } : 'child' in options.logger ? { loggerInstance: options.logger } : { logger: options.logger }),
    // Long polls must not hold close() open.
    forceCloseConnections: true,
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? 400 : 500;
    if (status === 500) app.log.error({ err: error }, 'simulator failure');
    return reply.code(status).send({ error: status === 400 ? 'invalid request' : 'internal error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not found' }));

  const phoneScreens = createPhoneScreens();
  const cardholders = new Map<string, TestPerson>();
  const cardholder = (personalId: string): TestPerson =>
    cardholders.get(personalId) ?? findFailingIdCard(personalId) ?? findNamedIdCard(personalId) ?? { personalId, ...DEFAULT_CARDHOLDER };
  const shared = {
    relyingPartyUuid: RELYING_PARTY_UUID,
    relyingPartyName: RELYING_PARTY_NAME,
    completionDelayMs: options.completionDelayMs,
    pki,
    phoneScreens,
  };
  const smartId = createSmartIdStandIn(shared);
  await app.register(smartId.api, { prefix: SMART_ID_PREFIX });
  await app.register(smartId.mock, { prefix: MOCK_PREFIX });
  await app.register(mobileIdRoutes(shared), { prefix: MOBILE_ID_PREFIX });
  await app.register(idCardRoutes({ pki, cardholder }), { prefix: ID_CARD_PREFIX });
  const outages: Outages = { ocsp: false, tsa: false };
  // Ends a SLOW OCSP answer's wait when the simulators close, so nothing outlives close().
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  await app.register(ocspRoutes({ pki, outages, closing: closing.signal }), { prefix: OCSP_PREFIX });
  await app.register(tsaRoutes({ tsa: pki.tsa, outages }), { prefix: TSA_PREFIX });
  let registerMode: RikMode = 'NORMAL';
  await app.register(
    rikRoutes({
      companies: FIXTURE_COMPANIES,
      username: RIK_STAND_IN_USERNAME,
      password: RIK_STAND_IN_PASSWORD,
      mode: () => registerMode,
      closing: closing.signal,
    }),
    { prefix: REGISTER_PREFIX },
  );
  // The addresses in it are the ones this listener was reached at: an instance on another host sees its own way in.
  app.get(DESCRIPTOR_PATH, async (request) => simulatorEndpoints(`${request.protocol}://${request.host}`, pki));
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });

  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${String(address.port)}`;

  return {
    ...simulatorEndpoints(origin, pki),
    setOutage: (service, isDown) => {
      outages[service] = isDown;
    },
    setRegisterMode: (mode) => {
      registerMode = mode;
    },
    issueTestIdCard: async (person) => {
      cardholders.set(person.personalId, { personalId: person.personalId, givenName: person.givenName, surname: person.surname });
      const card = await pki.issueIdCard(person);
      return { cert: card.certificatePem, key: card.privateKeyPem };
    },
    phoneScreen: (personalId) => phoneScreens.latest(personalId),
    close: () => app.close(),
  };
};

function simulatorEndpoints(origin: string, pki: SimulatorPki): SimulatorEndpoints {
  return {
    smartIdBaseUrl: `${origin}${SMART_ID_PREFIX}/`,
    smartIdMockDeviceLinkUrl: `${origin}${MOCK_PREFIX}/device-link`,
    mobileIdBaseUrl: `${origin}${MOBILE_ID_PREFIX}`,
    idCardBaseUrl: `${origin}${ID_CARD_PREFIX}`,
    relyingPartyUuid: RELYING_PARTY_UUID,
    relyingPartyName: RELYING_PARTY_NAME,
    smartIdTrustAnchors: [pki.smartIdCa.certificatePem],
    mobileIdTrustAnchors: [pki.mobileIdCa.certificatePem],
    // Both generations' CAs, as a bank lists ESTEID2018 and ESTEID2025 (docs/operations.md).
    idCardTrustAnchors: [pki.idCardCa.certificatePem, pki.idCard2025Ca.certificatePem],
    eidServerTls: { cert: pki.eidServer.certificatePem, key: pki.eidServer.privateKeyPem, ca: pki.eidTlsCa.certificatePem },
    ocspUrl: `${origin}${OCSP_PREFIX}`,
    ocspResponders: pki.ocspAuthorities.map(({ ca }) => ({ issuerPem: ca.certificatePem, url: `${origin}${OCSP_PREFIX}` })),
    tsaUrl: `${origin}${TSA_PREFIX}`,
    tsaTrustAnchors: [pki.tsaCa.certificatePem],
    registerUrl: `${origin}${REGISTER_PREFIX}/`,
    registerUsername: RIK_STAND_IN_USERNAME,
    registerPassword: RIK_STAND_IN_PASSWORD,
  };
}
