import type { TFunction } from 'i18next';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { signingMessageTexts } from './signing-messages';
import { DeviceLinkPanel, endedTexts, EndedPanel, waitingTexts, WaitingPanel } from './signing-panels';
import { SigningMethodForm } from './signing-method-form';
import { useSigning, type SigningHost, type SigningPhase } from './use-signing';
import styles from './signing.module.css';

export type SigningViewProps = {
  /** The page that signs: the applicant's overview, or a board member's invitation. */
  host: SigningHost;
  /** Told when a signing may be running, so the overview stops its answers from changing. */
  onActiveChange: (isActive: boolean) => void;
  /** Where focus goes back to when the person returns to the method choice. */
  choiceHeadingRef: RefObject<HTMLHeadingElement | null>;
};

const spaced = (code: string) => code.split('').join(' ');

/** What the live region says for a phase: the same words as the panel, the code digit by digit. */
function announcementOf(phase: SigningPhase, t: TFunction): string {
  if (phase.name === 'waiting') {
    const { titleKey, instructionKey } = waitingTexts(phase.request.method, phase);
    const code = phase.verificationCode ? t('APPLICATION.SIGNING.WAITING.CODE_ANNOUNCEMENT', { code: spaced(phase.verificationCode) }) : t(titleKey);
    return `${code}. ${t(instructionKey)}`;
  }
  if (phase.name === 'ended') {
    const texts = endedTexts(phase.request.method, phase.state, phase.reason);
    if (!texts.detail) return `${t(texts.titleKey)}. ${t(texts.messageKey)}`;
    const detail = signingMessageTexts(t, texts.detail);
    return `${t(texts.titleKey)}. ${detail.title}. ${detail.message}`;
  }
  return '';
}

/** Changes only when what the person must read anew changes, not e.g. when Cancel starts loading. */
const focusKeyOf = (phase: SigningPhase): string => {
  if (phase.name === 'ended') return `ended:${phase.state}:${phase.reason?.kind ?? ''}:${phase.reason && 'code' in phase.reason ? phase.reason.code : ''}`;
  if (phase.name === 'waiting') return `waiting:${phase.request.method}:${phase.deviceLink?.flow ?? ''}`;
  return phase.name;
};

/**
 * docs/requirements.md section 2 "Signing view": choose the method, then the
 * signing states of section 4 — waiting for PIN2 with the verification code and
 * Cancel; terminated, unsuccessful or cancelled with Try again and Cancel.
 * Each state change is announced and focus moves to its heading.
 */
export function SigningView({ host, onActiveChange, choiceHeadingRef }: SigningViewProps) {
  const { t } = useTranslation();
  const signing = useSigning(host);
  const { phase, isActive } = signing;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusKey = focusKeyOf(phase);
  const previousFocusKey = useRef(focusKey);

  useEffect(() => {
    onActiveChange(isActive);
  }, [isActive, onActiveChange]);
  useEffect(() => () => onActiveChange(false), [onActiveChange]);

  useEffect(() => {
    if (previousFocusKey.current === focusKey) return;
    const previous = previousFocusKey.current;
    previousFocusKey.current = focusKey;
    if (focusKey === 'choosing') {
      // Back from a state the person ended or left for another method: to the top of the signing section. A failed
      // start keeps focus on the form.
      if (previous.startsWith('ended') || previous.startsWith('waiting')) choiceHeadingRef.current?.focus();
      return;
    }
    headingRef.current?.focus();
  }, [focusKey, choiceHeadingRef]);

  return (
    <div className={styles.signing}>
      <div role="status" className="visually-hidden">
        {announcementOf(phase, t)}
      </div>
      {(phase.name === 'choosing' || phase.name === 'starting') && (
        <SigningMethodForm
          processId={host.processId}
          locksAnswers={host.locksAnswers}
          initialRequest={signing.lastRequest}
          isStarting={phase.name === 'starting'}
          startError={phase.name === 'choosing' ? phase.startError : undefined}
          onStart={signing.start}
        />
      )}
      {phase.name === 'waiting' && phase.deviceLink && (
        <DeviceLinkPanel
          deviceLink={phase.deviceLink}
          headingRef={headingRef}
          fetchLink={signing.fetchDeviceLink}
          onRestart={(flow) => signing.start({ method: 'SMART_ID', flow })}
          onCancel={signing.cancel}
          onChangeMethod={signing.changeMethod}
        />
      )}
      {phase.name === 'waiting' && !phase.deviceLink && (
        <WaitingPanel
          method={phase.request.method}
          verificationCode={phase.verificationCode}
          isCancelling={phase.isCancelling === true}
          headingRef={headingRef}
          onCancel={signing.cancel}
          onChangeMethod={signing.changeMethod}
        />
      )}
      {phase.name === 'ended' && (
        <EndedPanel
          method={phase.request.method}
          state={phase.state}
          reason={phase.reason}
          headingRef={headingRef}
          onTryAgain={signing.tryAgain}
          onStartAgain={signing.startAgain}
          onChangeMethod={signing.changeMethod}
          onShowSubmitted={signing.showSubmitted}
        />
      )}
    </div>
  );
}
