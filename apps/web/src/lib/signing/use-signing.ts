import { isLocale, type DeviceLinkFlow, type FieldIssue, type RegisterChange, type SigningStatusResponse, type StartSigningResponse } from '@onboarding/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../api-errors';
import { isRegisterUnavailable } from '../register-unavailable';
import { poll } from '../poll';
import { useSignedInPerson } from '../use-signed-in-person';
import { cancelSigning, getSigningDeviceLink, getSigningStatus, sendIdCardSignature, startSigning } from './api/signing';
import { idCardErrorCodeOf, type IdCardErrorCode } from './id-card/id-card-signer';
import type { SigningEndReason } from './signing-messages';
import { useSigningEnvironment } from './signing-environment';
import { useIsTouchDevice } from '../use-is-touch-device';

/**
 * What the person chose on the signing view; the ID-card's certificate comes from the card. Smart-ID's flow: how
 * the phone is reached when the person did not sign in with Smart-ID (the app's link on a phone, else a QR code).
 */
export type SigningRequest = { method: 'SMART_ID'; flow?: DeviceLinkFlow } | { method: 'MOBILE_ID'; phoneNumber: string } | { method: 'ID_CARD' };

/** Smart-ID without a Smart-ID sign-in: the QR code or app link the account is chosen by, until it is chosen. */
export type DeviceLinkView = { link: string; flow: DeviceLinkFlow; expiresAt: number };

/**
 * Why signing could not start; the method choice says so. registerUnavailable: the register facts were too old to
 * sign on and the Business Register did not answer, so nothing was drawn up or signed (docs/decisions/0033-the-register-through-riks-own-contract.md).
 */
export type StartError =
  { kind: 'notReady' } | { kind: 'network' } | { kind: 'failed' } | { kind: 'registerUnavailable' } | { kind: 'invalid'; fields: FieldIssue[] };

/** docs/requirements.md section 4 signing states that end a signing; from each the person may try again or cancel. */
export type EndedState = 'TERMINATED' | 'UNSUCCESSFUL' | 'CANCELLED';

export type SigningPhase =
  | { name: 'choosing'; startError?: StartError }
  /** Smart-ID and Mobile-ID: the contract is being drawn up. */
  | { name: 'starting'; request: SigningRequest }
  /** Waiting for PIN2: on the phone with the verification code, or in the ID-card software. */
  | { name: 'waiting'; request: SigningRequest; verificationCode?: string; deviceLink?: DeviceLinkView; isCancelling?: boolean }
  | { name: 'ended'; request: SigningRequest; state: EndedState; reason?: SigningEndReason }
  /** Submitted: on the way to /success. */
  | { name: 'signed' };

/**
 * The page that signs: the applicant's overview, or a board member's invitation (decision 39). It names the
 * application and says what happens when the signing ends in a signature or finds the application changed.
 */
export type SigningHost = {
  processId: string;
  /** Signed: the page's next step (the applicant's answer carries the submitted application). */
  onSigned: (status: SigningStatusResponse) => void;
  /** Read the application again: it is not complete any more, or it was signed elsewhere. */
  reload: () => Promise<unknown>;
  /** The Business Register changed since the contract was drawn up: which facts. */
  onRegisterChanged: (changes: readonly RegisterChange[]) => void;
  /** Where "Show the submitted application" leads. */
  onShowSubmitted: () => void;
  /** The page has answers above the signing that it locks while signing (the overview), and says so. */
  locksAnswers: boolean;
};

/** One signing attempt: its abort signal, and the server session once there is one (to cancel it). */
type Run = { controller: AbortController; sessionId: string | null };

const ignore = () => undefined;

const deviceLinkOf = (started: StartSigningResponse): { deviceLink?: DeviceLinkView } =>
  started.deviceLink && started.deviceLinkFlow
    ? { deviceLink: { link: started.deviceLink, flow: started.deviceLinkFlow, expiresAt: Date.now() + (started.expiresInSeconds ?? 60) * 1000 } }
    : {};

/**
 * The signing flow of docs/requirements.md sections 2 and 4 for the page that
 * signs (SigningHost): start, poll the status every second while waiting for
 * PIN2, cancel, try again.
 * Smart-ID and Mobile-ID sign on the phone; the ID-card signs in the browser
 * through the signing interface, and the server checks the signature. Signed,
 * the host says where the page goes.
 */
export function useSigning(host: SigningHost) {
  const person = useSignedInPerson();
  const { i18n } = useTranslation();
  const environment = useSigningEnvironment();
  const isTouch = useIsTouchDevice();
  const [phase, setPhase] = useState<SigningPhase>({ name: 'choosing' });
  const [lastRequest, setLastRequest] = useState<SigningRequest | null>(null);
  const run = useRef<Run | null>(null);

  // The flow outlives renders; it reads the latest of these.
  const context = useRef({ host, personalId: person?.personalId ?? '', language: i18n.language, environment, isTouch });
  useEffect(() => {
    context.current = { host, personalId: person?.personalId ?? '', language: i18n.language, environment, isTouch };
  });

  const isCurrent = (current: Run) => run.current === current && !current.controller.signal.aborted;

  /** A session the person will not see end must not go on waiting for their PIN2. */
  const cancelQuietly = (sessionId: string, keepalive = false) => {
    void cancelSigning(context.current.host.processId, sessionId, { keepalive }).catch(ignore);
  };

  const settle = (request: SigningRequest, status: SigningStatusResponse) => {
    const { host: current } = context.current;
    run.current = null;
    if (status.state === 'SIGNED') {
      setPhase({ name: 'signed' });
      current.onSigned(status);
      return;
    }
    const state: EndedState = status.state === 'WAITING_FOR_PIN2' ? 'UNSUCCESSFUL' : status.state;
    setPhase({ name: 'ended', request, state, ...(status.failureCode ? { reason: { kind: 'failure', code: status.failureCode } } : {}) });
    // Signed meanwhile elsewhere (another tab): the reloaded application opens its own screen.
    if (status.failureCode === 'already_submitted') void current.reload();
  };

  const fail = (current: Run, request: SigningRequest, state: EndedState, reason: SigningEndReason) => {
    if (current.sessionId) cancelQuietly(current.sessionId);
    run.current = null;
    setPhase({ name: 'ended', request, state, reason });
  };

  const failOnCard = (current: Run, request: SigningRequest, code: IdCardErrorCode) =>
    fail(current, request, code === 'user_cancel' ? 'CANCELLED' : 'UNSUCCESSFUL', { kind: 'card', code });

  /** A status call that failed after its retries: the signing cannot be followed, so it is stopped. */
  const failOnCall = (current: Run, request: SigningRequest, error: unknown) =>
    fail(current, request, 'UNSUCCESSFUL', error instanceof NetworkError ? { kind: 'network' } : { kind: 'failure', code: 'unexpected' });

  const failToStart = (error: unknown) => {
    run.current = null;
    if (error instanceof ApiError && error.code === 'REGISTER_CHANGED') {
      // The Business Register changed: the host says what, and where the applicant goes to see it.
      setPhase({ name: 'choosing' });
      context.current.host.onRegisterChanged(error.registerChanges);
      return;
    }
    if (isRegisterUnavailable(error)) {
      setPhase({ name: 'choosing', startError: { kind: 'registerUnavailable' } });
      return;
    }
    if (error instanceof ApiError && error.status === 409) {
      // Not complete any more, or already submitted: the reloaded application tells which (a submitted one opens /success).
      setPhase({ name: 'choosing', startError: { kind: 'notReady' } });
      void context.current.host.reload();
      return;
    }
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
      setPhase({ name: 'choosing', startError: { kind: 'invalid', fields: error.fields } });
      return;
    }
    setPhase({ name: 'choosing', startError: { kind: error instanceof NetworkError ? 'network' : 'failed' } });
  };

  /** A code a status answer brings when the start had none; a code already shown stays. */
  const showVerificationCode = (verificationCode: string) =>
    setPhase((previous) => (previous.name === 'waiting' && !previous.verificationCode ? { ...previous, verificationCode } : previous));

  /** The account was chosen by QR code or app link: the code or link gives way to "enter PIN2". */
  const hideDeviceLink = () =>
    setPhase((previous) => (previous.name === 'waiting' && previous.deviceLink ? { name: 'waiting', request: previous.request } : previous));

  /**
   * docs/requirements.md section 4: one status call a second while waiting for PIN2; a waiting answer may bring the
   * verification code.
   */
  const pollUntilEnded = async (current: Run, request: SigningRequest, sessionId: string) => {
    const {
      host: { processId },
      environment: { pollIntervalMs },
    } = context.current;
    try {
      const status = await poll({
        fetch: async (signal) => {
          const answer = await getSigningStatus(processId, sessionId, signal);
          if (answer.state === 'WAITING_FOR_PIN2' && answer.verificationCode && isCurrent(current)) showVerificationCode(answer.verificationCode);
          if (answer.state === 'WAITING_FOR_PIN2' && !answer.isChoosingAccount && isCurrent(current)) hideDeviceLink();
          return answer;
        },
        isDone: (answer) => answer.state !== 'WAITING_FOR_PIN2',
        intervalMs: pollIntervalMs,
        signal: current.controller.signal,
      });
      if (isCurrent(current)) settle(request, status);
    } catch (error) {
      if (isCurrent(current)) failOnCall(current, request, error);
    }
  };

  const signOnPhone = async (current: Run, request: Extract<SigningRequest, { method: 'SMART_ID' | 'MOBILE_ID' }>) => {
    const { processId } = context.current.host;
    const { language } = context.current;
    // Mobile-ID's phone shows its prompt and text in the person's UI language; Smart-ID's fallback page too.
    const body = isLocale(language) ? { ...request, language } : request;
    let started;
    try {
      started = await startSigning(processId, body);
    } catch (error) {
      if (isCurrent(current)) failToStart(error);
      return;
    }
    if (!isCurrent(current)) {
      cancelQuietly(started.signingSessionId);
      return;
    }
    current.sessionId = started.signingSessionId;
    setPhase({
      name: 'waiting',
      request,
      ...(started.verificationCode ? { verificationCode: started.verificationCode } : {}),
      ...deviceLinkOf(started),
    });
    await pollUntilEnded(current, request, started.signingSessionId);
  };

  const signWithIdCard = async (current: Run) => {
    const request: SigningRequest = { method: 'ID_CARD' };
    const {
      host: { processId },
      personalId,
      language,
      environment: env,
    } = context.current;
    const signer = env.idCardSignerFor(personalId);
    const options = { lang: language };

    let certificate: string;
    try {
      ({ certificate } = await signer.getSigningCertificate(options));
    } catch (error) {
      if (isCurrent(current)) failOnCard(current, request, idCardErrorCodeOf(error));
      return;
    }
    if (!isCurrent(current)) return;

    let started;
    try {
      started = await startSigning(processId, { method: 'ID_CARD', certificate });
    } catch (error) {
      if (isCurrent(current)) failToStart(error);
      return;
    }
    if (!isCurrent(current)) {
      cancelQuietly(started.signingSessionId);
      return;
    }
    const sessionId = started.signingSessionId;
    current.sessionId = sessionId;

    try {
      // The server refuses a certificate at once (expired, another person's): say so before PIN2 is asked for.
      const before = await getSigningStatus(processId, sessionId, current.controller.signal);
      if (!isCurrent(current)) return;
      if (before.state !== 'WAITING_FOR_PIN2') {
        settle(request, before);
        return;
      }
    } catch (error) {
      if (isCurrent(current)) failOnCall(current, request, error);
      return;
    }
    if (!started.hash || !started.hashType) {
      fail(current, request, 'UNSUCCESSFUL', { kind: 'failure', code: 'unexpected' });
      return;
    }

    let signature: string;
    try {
      ({ signature } = await signer.sign(certificate, { hash: started.hash, hashType: started.hashType }, options));
    } catch (error) {
      if (isCurrent(current)) failOnCard(current, request, idCardErrorCodeOf(error));
      return;
    }
    if (!isCurrent(current)) return;

    let status: SigningStatusResponse;
    try {
      status = await sendIdCardSignature(processId, sessionId, signature);
    } catch (error) {
      if (!isCurrent(current)) return;
      if (!(error instanceof ApiError && error.status === 409)) {
        failOnCall(current, request, error);
        return;
      }
      // The session ended before the signature arrived (e.g. cancelled in another tab): its status says how.
      try {
        status = await getSigningStatus(processId, sessionId, current.controller.signal);
      } catch (statusError) {
        if (isCurrent(current)) failOnCall(current, request, statusError);
        return;
      }
    }
    if (isCurrent(current)) settle(request, status);
  };

  const abandonRun = () => {
    const current = run.current;
    run.current = null;
    if (!current) return;
    current.controller.abort();
    if (current.sessionId) cancelQuietly(current.sessionId);
  };

  const start = (chosen: SigningRequest) => {
    // SK's advice: the app's link first on a phone, a QR code on a computer.
    const request: SigningRequest =
      chosen.method === 'SMART_ID' && !chosen.flow ? { method: 'SMART_ID', flow: context.current.isTouch ? 'Web2App' : 'QR' } : chosen;
    abandonRun();
    const current: Run = { controller: new AbortController(), sessionId: null };
    run.current = current;
    setLastRequest(request);
    if (request.method === 'ID_CARD') {
      // The card's certificate dialog comes first, before the server is asked anything.
      setPhase({ name: 'waiting', request });
      void signWithIdCard(current);
    } else {
      setPhase({ name: 'starting', request });
      void signOnPhone(current, request);
    }
  };

  /**
   * Cancel while waiting for PIN2 (docs/requirements.md section 4). The phone
   * may have signed a moment before the server got the cancel, so the status
   * after it decides what the person sees. `toChoice`: the person wants
   * another method, so a cancelled signing goes straight back to the choice.
   */
  const cancel = async ({ toChoice = false }: { toChoice?: boolean } = {}) => {
    if (phase.name !== 'waiting') return;
    const { request } = phase;
    const cancelled: SigningPhase = toChoice ? { name: 'choosing' } : { name: 'ended', request, state: 'CANCELLED' };
    const current = run.current;
    run.current = null;
    current?.controller.abort();
    if (!current?.sessionId) {
      setPhase(cancelled);
      return;
    }
    const { processId } = context.current.host;
    setPhase({ ...phase, isCancelling: true });
    await cancelSigning(processId, current.sessionId).catch(ignore);
    try {
      const status = await getSigningStatus(processId, current.sessionId);
      if (toChoice && status.state !== 'SIGNED') setPhase(cancelled);
      else settle(request, status);
    } catch {
      setPhase(cancelled);
    }
  };

  /** contract_changed: the application changed under the contract; load it again and draw up the current contract. */
  const startAgain = async (request: SigningRequest) => {
    setPhase({ name: 'starting', request });
    await context.current.host.reload();
    start(request);
  };

  // Leaving the screen mid-signing must not leave a session waiting for PIN2; keepalive lets the cancel outlive the page.
  useEffect(
    () => () => {
      const current = run.current;
      run.current = null;
      current?.controller.abort();
      if (current?.sessionId) void cancelSigning(context.current.host.processId, current.sessionId, { keepalive: true }).catch(ignore);
    },
    [],
  );

  /** A QR code's link for this second, for the session being waited for. */
  // Stable: the code's renewal timer lives as long as the code is shown, not one render.
  const fetchDeviceLink = useCallback(async (signal: AbortSignal): Promise<string> => {
    const sessionId = run.current?.sessionId;
    if (!sessionId) throw new Error('no signing is running');
    const language = isLocale(context.current.language) ? context.current.language : 'et';
    return getSigningDeviceLink(context.current.host.processId, sessionId, language, signal);
  }, []);

  return {
    phase,
    lastRequest,
    fetchDeviceLink,
    /** A signing session may be running: the overview's answers must not change meanwhile (the server would refuse the signature as contract_changed). */
    isActive: phase.name === 'starting' || phase.name === 'waiting' || phase.name === 'signed',
    start,
    cancel: () => void cancel(),
    tryAgain: () => {
      if (phase.name === 'ended') start(phase.request);
    },
    startAgain: () => {
      if (phase.name === 'ended') void startAgain(phase.request);
    },
    /** Back to the method choice: from a signing that ended, or one still waiting (it is cancelled first). */
    changeMethod: () => {
      if (phase.name === 'waiting') void cancel({ toChoice: true });
      else setPhase({ name: 'choosing' });
    },
    showSubmitted: () => context.current.host.onShowSubmitted(),
  };
}
