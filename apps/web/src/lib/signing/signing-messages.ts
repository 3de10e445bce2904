import { DOMAIN_I18N_NAMESPACE, signInMessageKey, signInMessageKeys, type SigningMethod } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import type { DomainKey, TitleAndMessageKey, TranslationKey } from '../../i18n/keys';
import type { IdCardErrorCode } from './id-card/id-card-signer';

/** Why a signing ended other than signed. */
export type SigningEndReason =
  /** The server's failureCode: a lowercase code of docs/requirements.md section 8, or already_submitted / contract_changed. */
  | { kind: 'failure'; code: string }
  /** The ID-card in the browser refused (docs/requirements.md section 8 plugin errors). */
  | { kind: 'card'; code: IdCardErrorCode }
  /** A status call found no server, even after its retries. */
  | { kind: 'network' };

/** A title and message to show; `ns` is the i18n namespace when the text comes with the rules (packages/domain). */
export type SigningMessage = (
  { titleKey: TranslationKey; messageKey: TranslationKey; ns?: undefined } | { titleKey: DomainKey; messageKey: DomainKey; ns: typeof DOMAIN_I18N_NAMESPACE }
) & { hasInstallLink?: boolean };

const SIGNING = 'APPLICATION.SIGNING';
const own = (key: TitleAndMessageKey): SigningMessage => ({ titleKey: `${key}.TITLE`, messageKey: `${key}.MESSAGE` });
const domain = (key: Parameters<typeof signInMessageKeys>[0]): SigningMessage => {
  const { title, message } = signInMessageKeys(key);
  return { titleKey: title, messageKey: message, ns: DOMAIN_I18N_NAMESPACE };
};

/**
 * Server failure codes this screen words itself. The rest use
 * docs/requirements.md section 8's sign-in catalogue, whose texts fit signing
 * too (no Smart-ID account, a phone problem, an unusable document, no
 * certificates); its timeout and cancel texts speak of signing in, so those two
 * are the signing states' own.
 */
const OWN_FAILURES: Readonly<Record<string, SigningMessage>> = {
  contract_changed: own(`${SIGNING}.FAILURE.CONTRACT_CHANGED`),
  already_submitted: own(`${SIGNING}.FAILURE.ALREADY_SUBMITTED`),
  // The sign-in text suggests another sign-in method.
  invalid_certificate: own(`${SIGNING}.FAILURE.INVALID_CERTIFICATE`),
  timeout: own(`${SIGNING}.TERMINATED`),
  user_cancelled: own(`${SIGNING}.CANCELLED`),
  // The signature's certificate, checked with the certificate validity service (OCSP) before the container is sealed.
  certificate_revoked: own(`${SIGNING}.FAILURE.CERTIFICATE_REVOKED`),
  certificate_unknown: own(`${SIGNING}.FAILURE.CERTIFICATE_UNKNOWN`),
  // A service of the signed container that did not answer: trying again in a moment may do.
  ocsp_unavailable: own(`${SIGNING}.FAILURE.OCSP_UNAVAILABLE`),
  timestamp_unavailable: own(`${SIGNING}.FAILURE.TIMESTAMP_UNAVAILABLE`),
  // The sealed container failed its own check: a technical error on the bank's side.
  container_invalid: own(`${SIGNING}.FAILURE.CONTAINER_INVALID`),
};

/** docs/requirements.md section 8 ID-card plugin errors, and pin_blocked. */
const CARD_MESSAGES: Readonly<Record<IdCardErrorCode, SigningMessage>> = {
  user_cancel: own(`${SIGNING}.CANCELLED`),
  no_certificates: domain('IDC.NO_CERTIFICATES'),
  no_implementation: { ...domain('IDC.NO_IMPLEMENTATION'), hasInstallLink: true },
  invalid_argument: own(`${SIGNING}.ID_CARD_ERRORS.INVALID_ARGUMENT`),
  driver_error: own(`${SIGNING}.ID_CARD_ERRORS.DRIVER_ERROR`),
  technical_error: own(`${SIGNING}.ID_CARD_ERRORS.TECHNICAL_ERROR`),
  not_allowed: own(`${SIGNING}.ID_CARD_ERRORS.NOT_ALLOWED`),
  pin_blocked: own(`${SIGNING}.ID_CARD_ERRORS.PIN_BLOCKED`),
};

/** What to tell the person about a signing that ended with `reason`. */
export function signingEndMessage(method: SigningMethod, reason: SigningEndReason): SigningMessage {
  if (reason.kind === 'network') return own(`${SIGNING}.FAILURE.NETWORK`);
  if (reason.kind === 'card') return CARD_MESSAGES[reason.code];
  const ownMessage = OWN_FAILURES[reason.code];
  if (ownMessage) return ownMessage;
  // The catalogue names the ID-card's missing certificate no_certificate, the card itself no_certificates.
  if (method === 'ID_CARD' && reason.code === 'no_certificates') return CARD_MESSAGES.no_certificates;
  return domain(signInMessageKey(method, reason.code));
}

/** The title and message of `message`, each from its namespace. */
export function signingMessageTexts(t: TFunction, message: SigningMessage): { title: string; message: string } {
  if (message.ns === DOMAIN_I18N_NAMESPACE) return { title: t(message.titleKey, { ns: message.ns }), message: t(message.messageKey, { ns: message.ns }) };
  return { title: t(message.titleKey), message: t(message.messageKey) };
}
