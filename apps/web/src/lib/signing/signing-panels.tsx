import type { SigningMethod } from '@onboarding/domain';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TitleAndMessageKey, TranslationKey } from '../../i18n/keys';
import { Button, Icon, IdCardInstallLink, RenewingQrCode, Spinner } from '../../ui';
import { signingEndMessage, signingMessageTexts, type SigningEndReason, type SigningMessage } from './signing-messages';
import type { DeviceLinkView, EndedState } from './use-signing';
import styles from './signing.module.css';

const SIGNING = 'APPLICATION.SIGNING';

type HeadingRef = RefObject<HTMLHeadingElement | null>;

const INSTRUCTIONS: Record<SigningMethod, TranslationKey> = {
  SMART_ID: `${SIGNING}.WAITING.INSTRUCTION_SMART_ID`,
  MOBILE_ID: `${SIGNING}.WAITING.INSTRUCTION_MOBILE_ID`,
  ID_CARD: `${SIGNING}.WAITING.INSTRUCTION_ID_CARD`,
};

/**
 * The heading and instruction of the waiting state, also what the live region says: the QR code's or app's
 * while the Smart-ID account is being chosen; "enter PIN2" where no code is shown (the ID-card, and Smart-ID
 * after a choice by QR code or app link, whose linked signature shows none).
 */
export const waitingTexts = (
  method: SigningMethod,
  { deviceLink, verificationCode }: { deviceLink?: DeviceLinkView; verificationCode?: string } = {},
): { titleKey: TranslationKey; instructionKey: TranslationKey } => {
  if (deviceLink?.flow === 'QR') return { titleKey: `${SIGNING}.DEVICE_LINK.QR_TITLE`, instructionKey: `${SIGNING}.DEVICE_LINK.QR_STEPS` };
  if (deviceLink) return { titleKey: `${SIGNING}.DEVICE_LINK.APP_TITLE`, instructionKey: `${SIGNING}.DEVICE_LINK.APP_WAITING` };
  if (method === 'SMART_ID' && !verificationCode)
    return { titleKey: `${SIGNING}.WAITING.PIN2_TITLE`, instructionKey: `${SIGNING}.WAITING.INSTRUCTION_SMART_ID_LINKED` };
  // "Check the verification code" only beside a code: until it arrives the request is on its way.
  if (method === 'MOBILE_ID' && !verificationCode) return { titleKey: `${SIGNING}.WAITING.SENDING_TITLE`, instructionKey: INSTRUCTIONS.MOBILE_ID };
  return { titleKey: method === 'ID_CARD' ? `${SIGNING}.WAITING.PIN2_TITLE` : `${SIGNING}.WAITING.TITLE`, instructionKey: INSTRUCTIONS[method] };
};

export type WaitingPanelProps = {
  method: SigningMethod;
  verificationCode?: string;
  isCancelling: boolean;
  headingRef: HeadingRef;
  onCancel: () => void;
  /** Stop this signing and choose another method, in one action. */
  onChangeMethod: () => void;
};

/** Waiting for PIN2: the verification code large enough to compare at a glance, what to do, Cancel and another method. */
export function WaitingPanel({ method, verificationCode, isCancelling, headingRef, onCancel, onChangeMethod }: WaitingPanelProps) {
  const { t } = useTranslation();
  const { titleKey, instructionKey } = waitingTexts(method, { verificationCode });
  return (
    <div className={styles.panel} data-state="WAITING_FOR_PIN2">
      <h3 ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {t(titleKey)}
      </h3>
      {verificationCode && (
        <p className={styles.codeBox}>
          <span className={styles.codeLabel}>{t(`${SIGNING}.WAITING.CODE_LABEL`)}</span>
          {/* The live region reads the code digit by digit; the big digits are for the eyes. */}
          <span className={styles.code} aria-hidden="true" data-testid="signing-verification-code">
            {verificationCode}
          </span>
        </p>
      )}
      <p className={styles.instruction}>{t(instructionKey)}</p>
      <Spinner size="small" label={t(`${SIGNING}.WAITING.PROGRESS`)} isLabelVisible className={styles.progress} />
      <div className={styles.actions}>
        <Button variant="outline" isLoading={isCancelling} onClick={onCancel}>
          {t(`${SIGNING}.WAITING.CANCEL`)}
        </Button>
        <Button variant="link" disabled={isCancelling} onClick={onChangeMethod}>
          {t(`${SIGNING}.WAITING.OTHER_METHOD`)}
        </Button>
      </div>
    </div>
  );
}

export type DeviceLinkPanelProps = {
  deviceLink: DeviceLinkView;
  headingRef: HeadingRef;
  fetchLink: (signal: AbortSignal) => Promise<string>;
  /** A new code after the window passed, or a QR code instead of the app's link (another device). */
  onRestart: (flow: DeviceLinkView['flow']) => void;
  onCancel: () => void;
  onChangeMethod: () => void;
};

/**
 * Smart-ID without a Smart-ID sign-in (decision 38): the account is chosen by a QR code on a computer or the
 * app's link on a phone; PIN2 follows in the same app. The app opens at once on a phone, and can be opened again.
 */
export function DeviceLinkPanel({ deviceLink, headingRef, fetchLink, onRestart, onCancel, onChangeMethod }: DeviceLinkPanelProps) {
  const { t } = useTranslation();
  const { titleKey, instructionKey } = waitingTexts('SMART_ID', { deviceLink });
  const isApp = deviceLink.flow === 'Web2App';
  useEffect(() => {
    if (isApp) window.location.assign(deviceLink.link);
  }, [isApp, deviceLink.link]);
  return (
    <div className={styles.panel} data-state="WAITING_FOR_PIN2">
      <h3 ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {t(titleKey)}
      </h3>
      <p className={styles.instruction}>{t(instructionKey)}</p>
      {isApp ? (
        <>
          <Spinner size="small" label={t(`${SIGNING}.WAITING.PROGRESS`)} isLabelVisible className={styles.progress} />
          <div className={styles.actions}>
            <Button onClick={() => window.location.assign(deviceLink.link)}>{t(`${SIGNING}.DEVICE_LINK.APP_OPEN`)}</Button>
            <Button variant="outline" onClick={() => onRestart('QR')}>
              {t(`${SIGNING}.DEVICE_LINK.QR_OTHER_DEVICE`)}
            </Button>
          </div>
        </>
      ) : (
        <RenewingQrCode
          key={deviceLink.link}
          initialLink={deviceLink.link}
          expiresAt={deviceLink.expiresAt}
          fetchLink={fetchLink}
          label={t(`${SIGNING}.DEVICE_LINK.QR_IMAGE_LABEL`)}
          onRestart={() => onRestart('QR')}
        />
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onCancel}>
          {t(`${SIGNING}.WAITING.CANCEL`)}
        </Button>
        <Button variant="link" onClick={onChangeMethod}>
          {t(`${SIGNING}.WAITING.OTHER_METHOD`)}
        </Button>
      </div>
    </div>
  );
}

/** Terminated and cancelled have a title and message of their own; unsuccessful has a title, the reason says the rest. */
const STATE_KEYS: Record<Exclude<EndedState, 'UNSUCCESSFUL'>, TitleAndMessageKey> = {
  TERMINATED: `${SIGNING}.TERMINATED`,
  CANCELLED: `${SIGNING}.CANCELLED`,
};

type EndedTexts = { titleKey: TranslationKey } & ({ detail: null; messageKey: TranslationKey } | { detail: SigningMessage; messageKey: null });

/**
 * What an ended signing says: the state's title, and why in words — the
 * state's own message for terminated and cancelled, the reason's title and
 * message when it was unsuccessful.
 */
export function endedTexts(method: SigningMethod, state: EndedState, reason: SigningEndReason | undefined): EndedTexts {
  if (state !== 'UNSUCCESSFUL') return { titleKey: `${STATE_KEYS[state]}.TITLE`, detail: null, messageKey: `${STATE_KEYS[state]}.MESSAGE` };
  return { titleKey: `${SIGNING}.UNSUCCESSFUL.TITLE`, detail: signingEndMessage(method, reason ?? { kind: 'failure', code: 'unexpected' }), messageKey: null };
}

export type EndedPanelProps = {
  method: SigningMethod;
  state: EndedState;
  reason?: SigningEndReason;
  headingRef: HeadingRef;
  onTryAgain: () => void;
  onStartAgain: () => void;
  /** Back to the method choice (docs/requirements.md section 4's Cancel of an ended signing), named for what it does. */
  onChangeMethod: () => void;
  onShowSubmitted: () => void;
};

/** docs/requirements.md section 4: terminated, unsuccessful or cancelled; the person may try again or cancel. */
export function EndedPanel({ method, state, reason, headingRef, onTryAgain, onStartAgain, onChangeMethod, onShowSubmitted }: EndedPanelProps) {
  const { t } = useTranslation();
  const { titleKey, detail, messageKey } = endedTexts(method, state, reason);
  const detailTexts = detail && signingMessageTexts(t, detail);
  const failureCode = reason?.kind === 'failure' ? reason.code : undefined;
  return (
    <div className={styles.panel} data-state={state}>
      <h3 ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {state !== 'CANCELLED' && <Icon name="error" size="html-text-size" className={styles.failureIcon} />}
        {t(titleKey)}
      </h3>
      {messageKey && <p>{t(messageKey)}</p>}
      {detail && detailTexts && (
        <div className={styles.reason}>
          <p className={styles.reasonTitle}>{detailTexts.title}</p>
          <p>{detailTexts.message}</p>
          {detail.hasInstallLink && (
            <p>
              <IdCardInstallLink />
            </p>
          )}
        </div>
      )}
      <div className={styles.actions}>
        {failureCode === 'already_submitted' ? (
          <Button onClick={onShowSubmitted}>{t(`${SIGNING}.ACTIONS.SHOW_SUBMITTED`)}</Button>
        ) : (
          <>
            {failureCode === 'contract_changed' ? (
              <Button onClick={onStartAgain}>{t(`${SIGNING}.ACTIONS.START_AGAIN`)}</Button>
            ) : (
              <Button onClick={onTryAgain}>{t(`${SIGNING}.ACTIONS.TRY_AGAIN`)}</Button>
            )}
            <Button variant="secondary" onClick={onChangeMethod}>
              {t(`${SIGNING}.ACTIONS.OTHER_METHOD`)}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
