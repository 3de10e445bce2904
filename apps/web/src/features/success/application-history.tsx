import { decisionSchema, onboardingEndpoints, type ApplicationHistory } from '@onboarding/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { formatBankDate, formatBankTime, localeOf } from '../../lib/formats';
import { isFilledStep, STEP_TITLE_KEYS } from '../../lib/step-titles';
import { useSignedInPerson } from '../../lib/use-signed-in-person';
import { Button, Spinner } from '../../ui';
import styles from './application-history.module.css';

type HistoryEvent = ApplicationHistory['events'][number];

const HISTORY = 'SUCCESS.HISTORY';

function stepTitle(t: TFunction, step: unknown): string {
  return t(isFilledStep(step) ? STEP_TITLE_KEYS[step] : `${HISTORY}.A_STEP`);
}

/** What happened, in the person's words; null for what the record keeps but a reader does not need (autosaves). */
function whatHappened(t: TFunction, event: HistoryEvent): string | null {
  const { payload } = event;
  switch (event.type) {
    case 'DRAFT_SAVED':
      return null;
    case 'APPLICATION_CREATED':
      return t(`${HISTORY}.EVENTS.APPLICATION_CREATED`);
    case 'STEP_SAVED':
      return t(`${HISTORY}.EVENTS.STEP_SAVED`, { step: stepTitle(t, payload.step), count: event.patch?.length ?? 0 });
    case 'REGISTER_CHECKED':
      return t(`${HISTORY}.EVENTS.REGISTER_CHECKED`);
    case 'REGISTER_CHANGED':
      return payload.reopenedStep
        ? t(`${HISTORY}.EVENTS.REGISTER_CHANGED_STEP`, { step: stepTitle(t, payload.reopenedStep) })
        : t(`${HISTORY}.EVENTS.REGISTER_CHANGED`);
    case 'APPLICANT_SIGNED':
    case 'CO_SIGNED':
    case 'OWN_DETAILS_GIVEN':
    case 'SAVE_AND_CONTINUE_LATER':
    case 'INVITATION_SENT':
    case 'DETAILS_REQUESTED':
      return t(`${HISTORY}.EVENTS.${event.type}`);
    case 'APPLICATION_SUBMITTED':
      return t(payload.resubmission === true ? `${HISTORY}.EVENTS.RESUBMITTED` : `${HISTORY}.EVENTS.APPLICATION_SUBMITTED`);
    case 'DECISION_RECORDED': {
      const decision = decisionSchema.safeParse(payload.decision);
      return decision.success
        ? t(`${HISTORY}.EVENTS.DECISION_RECORDED`, { decision: t(`SUCCESS.TIMELINE.${decision.data.type}.TITLE`) })
        : t(`${HISTORY}.EVENTS.DECISION_UNREADABLE`);
    }
    default:
      return event.type.startsWith('INVITATION_') ? t(`${HISTORY}.EVENTS.INVITATION_ANSWERED`) : t(`${HISTORY}.EVENTS.OTHER`);
  }
}

/** Who did it: the person reading, the register, the bank, or another person by their personal code. */
function whoDidIt(t: TFunction, actor: string, self: string | null): string {
  if (actor === self) return t(`${HISTORY}.BY.YOU`);
  if (actor === 'register') return t(`${HISTORY}.BY.REGISTER`);
  if (actor === 'bank' || actor.startsWith('bank:')) return t(`${HISTORY}.BY.BANK`);
  if (actor === 'system') return t(`${HISTORY}.BY.SYSTEM`);
  return t(`${HISTORY}.BY.PERSON`, { personalCode: actor.replace(/^[A-Z]{2}/, '') });
}

/**
 * The application's history as a person reads it (docs/requirements.md section 6): what happened, when and by whom,
 * in the page's language, oldest first, with a way to print or keep it as PDF. The record itself, every change as a
 * JSON Patch, stays the bank's to read through its API; autosaves are left out of this reading.
 */
export function ApplicationHistorySection({ processId }: { processId: string }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const person = useSignedInPerson();
  const self = person ? `${person.personalIdCountryCode}${person.personalId}` : null;
  const [isOpen, setIsOpen] = useState(false);
  const history = useQuery({
    queryKey: ['application', processId, 'history'] as const,
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.history, { params: { processId }, signal }),
    enabled: isOpen,
    meta: { isErrorShownInPlace: true },
  });
  const entries = (history.data?.events ?? []).flatMap((event) => {
    const what = whatHappened(t, event);
    return what === null ? [] : [{ id: event.id, at: event.at, what, who: whoDidIt(t, event.actor, self) }];
  });

  return (
    <section aria-labelledby="application-history-title" className={styles.history}>
      <h2 id="application-history-title" className={styles.title}>
        {t(`${HISTORY}.TITLE`)}
      </h2>
      {!isOpen && (
        <Button variant="link" onClick={() => setIsOpen(true)} aria-controls="application-history-list" aria-expanded={false}>
          {t(`${HISTORY}.SHOW`)}
        </Button>
      )}
      {isOpen && history.isPending && <Spinner />}
      {isOpen && history.isError && (
        <p role="alert">
          {t(`${HISTORY}.FAILED`)}{' '}
          <Button variant="link" onClick={() => void history.refetch()}>
            {t(`${HISTORY}.TRY_AGAIN`)}
          </Button>
        </p>
      )}
      {history.isSuccess && (
        <>
          <ol id="application-history-list" className={styles.list} aria-labelledby="application-history-title">
            {entries.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                <time dateTime={entry.at} className={styles.when}>
                  {t('SUCCESS.TIMELINE.DATE_AT_TIME', { date: formatBankDate(entry.at, locale), time: formatBankTime(entry.at, locale) })}
                </time>
                <span className={styles.what}>{entry.what}</span>
                <span className={styles.who}>{entry.who}</span>
              </li>
            ))}
          </ol>
          <p className={styles.note}>{t(`${HISTORY}.NOTE`)}</p>
          <Button variant="outline" onClick={() => window.print()} className={styles.print}>
            {t(`${HISTORY}.PRINT`)}
          </Button>
        </>
      )}
    </section>
  );
}
