import type { BankOffice, Decision, TimelineEntry } from '@onboarding/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBankOffices } from '../../lib/bank-offices';
import { readOnlineBankUrl } from '../../lib/page-settings';
import { ManagerMessage } from '../../lib/manager-message';
import { STEP_TITLE_KEYS } from '../../lib/step-titles';
import type { TranslationKey } from '../../i18n/keys';
import { SupportContacts } from '../../lib/support-contacts';
import { Icon, type IconName } from '../../ui';
import { formatBankDate, formatBankTime, formatCalendarDate, formatEuroCents, formatIban, localeOf } from '../../lib/formats';
import styles from './status-timeline.module.css';

/** What an entry needs of the application beyond itself. */
export type TimelineContext = {
  paymentReference: string | null;
  /** Where "Add the missing information" goes while the bank's request is open; null once it is answered. */
  reopenedStepPath: string | null;
  /** The latest submission's downloads: the PDF and the signed container, as on a fresh submission. */
  downloads: ReactNode;
};

/** Each entry's icon: done things are ticked, things to do name what to do. */
const DECISION_ICONS: Record<Decision['type'], IconName> = {
  FEE_INVOICED: 'coins',
  FEE_PAID: 'check',
  IDENTIFICATION_BOOKED: 'location',
  IDENTIFIED: 'check',
  BOARD_SIGNATURE_REQUESTED: 'person',
  BOARD_SIGNATURE_RECEIVED: 'check',
  SIGNERS_NAMED: 'person',
  MORE_INFORMATION_NEEDED: 'infoCircle',
  APPROVED: 'checkCircle',
  DECLINED: 'infoCircle',
};

/** The title of an entry, also what the live region announces. */
export function useEntryTitle(): (entry: TimelineEntry) => string {
  const { t } = useTranslation();
  return (entry) => {
    if (entry.kind === 'SUBMITTED') return t(entry.isResubmission ? 'SUCCESS.TIMELINE.RESUBMITTED.TITLE' : 'SUCCESS.TIMELINE.SUBMITTED.TITLE');
    return t(`SUCCESS.TIMELINE.${entry.decision.type}.TITLE`);
  };
}

/**
 * The application's timeline, newest first: the applicant comes to see what is new and what to do now, and on a
 * phone that is the first thing under the heading; the older entries follow as the record. `reversed` keeps the
 * ordered list's numbering true to time for assistive technology. Above it, the steps still ahead (stepsAhead), in
 * the order they come, so the applicant sees how far there is to go. A new entry from a poll is announced politely.
 */
export function StatusTimeline({ entries, ahead, context }: { entries: readonly TimelineEntry[]; ahead: readonly TranslationKey[]; context: TimelineContext }) {
  const { t } = useTranslation();
  const titleOf = useEntryTitle();
  const newestFirst = [...entries].reverse();
  const latestSubmission = newestFirst.find((entry) => entry.kind === 'SUBMITTED');
  const latestRequest = newestFirst.find((entry) => entry.kind === 'DECISION' && entry.decision.type === 'MORE_INFORMATION_NEEDED');
  const announcement = useNewEntryAnnouncement(entries, titleOf);

  return (
    <section aria-labelledby="status-timeline-title" className={styles.section}>
      <h2 id="status-timeline-title" className={styles.title}>
        {t('SUCCESS.TIMELINE.TITLE')}
      </h2>
      {ahead.length > 0 && (
        <div className={styles.ahead}>
          <h3 className={styles.aheadTitle}>{t('SUCCESS.AHEAD.TITLE')}</h3>
          <ol className={styles.aheadSteps}>
            {ahead.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
        </div>
      )}
      <ol reversed className={styles.timeline}>
        {newestFirst.map((entry, index) => (
          <li
            key={`${entry.at}-${index}`}
            className={styles.entry}
            data-kind={entry.kind === 'DECISION' ? entry.decision.type : entry.kind}
            data-current={index === 0 || undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              <Icon name={entry.kind === 'SUBMITTED' ? 'check' : DECISION_ICONS[entry.decision.type]} size="small" />
            </span>
            <div className={styles.body}>
              <h3 className={styles.entryTitle}>{titleOf(entry)}</h3>
              <EntryTime at={entry.at} />
              {entry.kind === 'SUBMITTED' ? (
                <SubmittedBody entry={entry} downloads={entry === latestSubmission ? context.downloads : null} />
              ) : (
                <DecisionBody decision={entry.decision} context={context} isOpenRequest={entry === latestRequest && context.reopenedStepPath !== null} />
              )}
            </div>
          </li>
        ))}
      </ol>
      <p role="status" className="visually-hidden">
        {announcement ? t('SUCCESS.TIMELINE.NEW_ENTRY', { title: announcement }) : ''}
      </p>
    </section>
  );
}

/** The newest entry's title once the timeline has grown since the page first showed it; nothing on the first load. */
function useNewEntryAnnouncement(entries: readonly TimelineEntry[], titleOf: (entry: TimelineEntry) => string): string | null {
  const seen = useRef(entries.length);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const newest = entries.at(-1);
  useEffect(() => {
    if (entries.length > seen.current && newest) setAnnouncement(titleOf(newest));
    seen.current = entries.length;
  }, [entries.length, newest, titleOf]);
  return announcement;
}

/** When the entry happened, in the bank's time and the applicant's language. */
function EntryTime({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (
    <time dateTime={at} className={styles.time}>
      {t('SUCCESS.TIMELINE.DATE_AT_TIME', { date: formatBankDate(at, locale), time: formatBankTime(at, locale) })}
    </time>
  );
}

function SubmittedBody({ entry, downloads }: { entry: Extract<TimelineEntry, { kind: 'SUBMITTED' }>; downloads: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {entry.isResubmission && <p>{t('SUCCESS.TIMELINE.RESUBMITTED.TEXT')}</p>}
      <p>{entry.method ? t(`SUCCESS.TIMELINE.SIGNED_WITH.${entry.method}`) : t('SUCCESS.TIMELINE.SUBMITTED.SIGNED')}</p>
      {downloads}
    </>
  );
}

function DecisionBody({ decision, context, isOpenRequest }: { decision: Decision; context: TimelineContext; isOpenRequest: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  switch (decision.type) {
    case 'FEE_INVOICED':
      return (
        <>
          <p>{t('SUCCESS.TIMELINE.FEE_INVOICED.TEXT', { dueDate: formatCalendarDate(decision.dueDate, locale) })}</p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('SUCCESS.TIMELINE.FEE_INVOICED.AMOUNT')}</dt>
              <dd>{formatEuroCents(decision.amountCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('SUCCESS.TIMELINE.FEE_INVOICED.DUE_DATE')}</dt>
              <dd>
                <time dateTime={decision.dueDate}>{formatCalendarDate(decision.dueDate, locale)}</time>
              </dd>
            </div>
            {context.paymentReference && (
              <div>
                <dt>{t('SUCCESS.TIMELINE.FEE_INVOICED.REFERENCE')}</dt>
                <dd className={styles.code}>{context.paymentReference}</dd>
              </div>
            )}
          </dl>
          <p className={styles.muted}>{t('SUCCESS.TIMELINE.FEE_INVOICED.REFERENCE_NOTE')}</p>
        </>
      );
    case 'IDENTIFICATION_BOOKED':
      return (
        <>
          <p>
            <Trans
              i18nKey="SUCCESS.TIMELINE.IDENTIFICATION_BOOKED.TEXT"
              values={{ when: t('SUCCESS.TIMELINE.DATE_AT_TIME', { date: formatBankDate(decision.at, locale), time: formatBankTime(decision.at, locale) }) }}
              components={{ time: <time dateTime={decision.at} className={styles.strong} /> }}
            />
          </p>
          <BookedOffice officeId={decision.officeId} />
        </>
      );
    case 'BOARD_SIGNATURE_REQUESTED':
      return (
        <>
          <p>{t('SUCCESS.TIMELINE.BOARD_SIGNATURE_REQUESTED.TEXT')}</p>
          <ul className={styles.recipients}>
            {decision.recipients.map((recipient) => (
              <li key={recipient.email}>
                <span className={styles.strong}>{recipient.name}</span> <span className={styles.email}>{recipient.email}</span>
              </li>
            ))}
          </ul>
          <p className={styles.muted}>{t('SUCCESS.TIMELINE.BOARD_SIGNATURE_REQUESTED.NOTE')}</p>
        </>
      );
    case 'SIGNERS_NAMED':
      // Who they are, and the invitations, are in the co-signing section above.
      return <p>{t('SUCCESS.TIMELINE.SIGNERS_NAMED.TEXT', { count: decision.signers.length })}</p>;
    case 'MORE_INFORMATION_NEEDED':
      return (
        <>
          <p>{t('SUCCESS.TIMELINE.MORE_INFORMATION_NEEDED.TEXT')}</p>
          <ul className={styles.steps}>
            {decision.steps.map((step) => (
              <li key={step}>{t(STEP_TITLE_KEYS[step])}</li>
            ))}
          </ul>
          <ManagerMessage message={decision.message} />
          {isOpenRequest && context.reopenedStepPath && (
            <div className={styles.action}>
              <Link to={context.reopenedStepPath} className={styles.primaryAction}>
                {t('SUCCESS.TIMELINE.MORE_INFORMATION_NEEDED.ACTION')}
              </Link>
              <p className={styles.muted}>{t('SUCCESS.TIMELINE.MORE_INFORMATION_NEEDED.ACTION_NOTE')}</p>
            </div>
          )}
        </>
      );
    case 'APPROVED':
      return <ApprovedBody accountNumber={decision.accountNumber} />;
    case 'DECLINED':
      return (
        <>
          <p>{t('SUCCESS.TIMELINE.DECLINED.TEXT')}</p>
          <p>
            <SupportContacts i18nKey="SUCCESS.TIMELINE.DECLINED.CONTACT" />
          </p>
        </>
      );
    case 'FEE_PAID':
    case 'IDENTIFIED':
    case 'BOARD_SIGNATURE_RECEIVED':
      return <p>{t(`SUCCESS.TIMELINE.${decision.type}.TEXT`)}</p>;
  }
}

function ApprovedBody({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation();
  const onlineBankUrl = readOnlineBankUrl();
  return (
    <>
      <p>{t('SUCCESS.TIMELINE.APPROVED.TEXT')}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('SUCCESS.TIMELINE.APPROVED.ACCOUNT_NUMBER')}</dt>
          <dd className={styles.code}>{formatIban(accountNumber)}</dd>
        </div>
      </dl>
      {onlineBankUrl ? (
        <div className={styles.action}>
          <a href={onlineBankUrl} className={styles.primaryAction}>
            {t('SUCCESS.TIMELINE.APPROVED.ONLINE_BANK')}
          </a>
        </div>
      ) : (
        <p>{t('SUCCESS.TIMELINE.APPROVED.ONLINE_BANK_NOTE')}</p>
      )}
    </>
  );
}

/** The booked office from the bank offices reference data; only its id while they load or if it is gone. */
export function BookedOffice({
  officeId,
  labelKey = 'SUCCESS.TIMELINE.IDENTIFICATION_BOOKED.OFFICE_LABEL',
}: {
  officeId: string | null;
  labelKey?: 'SUCCESS.TIMELINE.IDENTIFICATION_BOOKED.OFFICE_LABEL' | 'SUCCESS.OFFICE_LABEL';
}) {
  const { t, i18n } = useTranslation();
  const offices = useBankOffices();
  const labelId = useId();
  const office: BankOffice | undefined = offices.data?.find((candidate) => candidate.id === officeId);
  if (!office) return null;
  const locale = localeOf(i18n.language);
  return (
    <div className={styles.office} aria-labelledby={labelId} role="group">
      <p id={labelId} className={styles.officeLabel}>
        {t(labelKey)}
      </p>
      <p className={styles.strong}>{office.name[locale]}</p>
      <p>{t('APPLICATION.OVERVIEW.IDENTIFICATION.ADDRESS', { address: office.address, postalCode: office.postalCode, city: office.city })}</p>
      <p>{t('APPLICATION.OVERVIEW.IDENTIFICATION.OPENING_HOURS', { hours: office.openingHours[locale] })}</p>
    </div>
  );
}
