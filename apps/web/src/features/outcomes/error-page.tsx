import { BANK_CONTACT_WORKING_DAYS } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import type { TranslationKey } from '../../i18n/keys';
import { paths } from '../../lib/paths';
import { SupportContacts, type SupportContactsKey } from '../../lib/support-contacts';
import { Button, type IconName } from '../../ui';
import { BankBranches } from './bank-branches';
import { OutcomeLayout, type OutcomeTone } from './outcome-layout';
import styles from './outcome-page.module.css';

/**
 * The error and outcome screens of docs/requirements.md sections 2 and 8 under
 * /error. The router says which one in the route handle (`errorKind`); /error
 * itself is the general error.
 */
export const ERROR_KINDS = [
  'general',
  'technical',
  'network',
  'minor',
  'cannot-open',
  'document-invalid',
  'application-superseded',
  'started-with-other-representative',
  'already-submitted',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** logout: for what stops the person whatever the company, where home would only open the same page again. */
type Action = 'tryAgain' | 'chooseCompany' | 'home' | 'logout';

type ErrorPageContent = {
  titleKey: TranslationKey;
  tone: OutcomeTone;
  icon: IconName;
  /** What to do next, in order (docs/requirements.md section 8's outcomes that stop the person). */
  next?: readonly TranslationKey[];
  /**
   * docs/requirements.md section 8: every error has a try-again or back-to-home action. What stops the person
   * whatever the company has neither: home leads back to it. It offers logging out, and the way to an office
   * (decision 46).
   */
  actions: readonly Action[];
  /** Only an office can settle it: the page shows the branches and whom to ask. */
  showsBranches?: boolean;
} &
  /** The message names the support e-mail and phone as links. */
  ({ messageKey: SupportContactsKey; hasContacts: true } | { messageKey: TranslationKey; hasContacts?: false });

export const ERROR_PAGES: Readonly<Record<ErrorKind, ErrorPageContent>> = {
  general: {
    titleKey: 'ERRORS.GENERAL.TITLE',
    messageKey: 'ERRORS.GENERAL.MESSAGE',
    hasContacts: true,
    tone: 'error',
    icon: 'error',
    actions: ['tryAgain', 'home'],
  },
  technical: { titleKey: 'ERRORS.TECHNICAL.TITLE', messageKey: 'ERRORS.TECHNICAL.MESSAGE', tone: 'info', icon: 'infoCircle', actions: ['home'] },
  network: { titleKey: 'ERRORS.NETWORK.TITLE', messageKey: 'ERRORS.NETWORK.MESSAGE', tone: 'error', icon: 'world', actions: ['tryAgain', 'home'] },
  minor: {
    titleKey: 'OUTCOMES.MINOR.TITLE',
    messageKey: 'OUTCOMES.MINOR.MESSAGE',
    tone: 'info',
    icon: 'location',
    next: ['OUTCOMES.MINOR.NEXT_1', 'OUTCOMES.MINOR.NEXT_2', 'OUTCOMES.MINOR.NEXT_3'],
    actions: ['logout'],
    showsBranches: true,
  },
  'cannot-open': {
    titleKey: 'OUTCOMES.CANNOT_OPEN.TITLE',
    messageKey: 'OUTCOMES.CANNOT_OPEN.MESSAGE',
    hasContacts: true,
    tone: 'error',
    icon: 'error',
    next: ['OUTCOMES.CANNOT_OPEN.NEXT_1', 'OUTCOMES.CANNOT_OPEN.NEXT_2'],
    actions: ['chooseCompany', 'home'],
  },
  'document-invalid': {
    titleKey: 'OUTCOMES.DOCUMENT_INVALID.TITLE',
    messageKey: 'OUTCOMES.DOCUMENT_INVALID.MESSAGE',
    tone: 'error',
    icon: 'idCard',
    next: ['OUTCOMES.DOCUMENT_INVALID.NEXT_1', 'OUTCOMES.DOCUMENT_INVALID.NEXT_2', 'OUTCOMES.DOCUMENT_INVALID.NEXT_3'],
    actions: ['logout'],
    showsBranches: true,
  },
  'application-superseded': {
    titleKey: 'OUTCOMES.APPLICATION_SUPERSEDED.TITLE',
    messageKey: 'OUTCOMES.APPLICATION_SUPERSEDED.MESSAGE',
    hasContacts: true,
    tone: 'info',
    icon: 'clock',
    next: ['OUTCOMES.APPLICATION_SUPERSEDED.NEXT_1', 'OUTCOMES.APPLICATION_SUPERSEDED.NEXT_2'],
    actions: ['chooseCompany', 'home'],
  },
  'started-with-other-representative': {
    titleKey: 'OUTCOMES.STARTED_WITH_OTHER_REPRESENTATIVE.TITLE',
    messageKey: 'OUTCOMES.STARTED_WITH_OTHER_REPRESENTATIVE.MESSAGE',
    hasContacts: true,
    tone: 'info',
    icon: 'clock',
    next: ['OUTCOMES.STARTED_WITH_OTHER_REPRESENTATIVE.NEXT_1', 'OUTCOMES.STARTED_WITH_OTHER_REPRESENTATIVE.NEXT_2'],
    actions: ['chooseCompany', 'home'],
  },
  'already-submitted': {
    titleKey: 'OUTCOMES.ALREADY_SUBMITTED.TITLE',
    messageKey: 'OUTCOMES.ALREADY_SUBMITTED.MESSAGE',
    tone: 'success',
    icon: 'checkCircle',
    next: ['OUTCOMES.ALREADY_SUBMITTED.NEXT_1', 'OUTCOMES.ALREADY_SUBMITTED.NEXT_2'],
    actions: ['chooseCompany', 'home'],
  },
};

const isErrorKind = (value: unknown): value is ErrorKind => typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value);

function useErrorKind(): ErrorKind {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { errorKind?: unknown } | undefined;
  return isErrorKind(handle?.errorKind) ? handle.errorKind : 'general';
}

export type ErrorPageProps = {
  /** Logging out belongs to the session feature; app/ passes it in. */
  onLogout: () => void;
};

export function ErrorPage({ onLogout }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const page = ERROR_PAGES[useErrorKind()];
  // "Repeat the last action": back to where it failed; a page opened directly has nowhere to go back to.
  const tryAgain = () => void (location.key === 'default' ? navigate(paths.root) : navigate(-1));

  const actions = page.actions.map((action, index) => {
    const className = index === 0 ? styles.primaryAction : styles.secondaryAction;
    if (action === 'logout') {
      return (
        <Button key={action} variant={index === 0 ? 'primary' : 'secondary'} onClick={onLogout}>
          {t('SESSION.LOGOUT')}
        </Button>
      );
    }
    if (action === 'tryAgain') {
      return (
        <Button key={action} variant={index === 0 ? 'primary' : 'secondary'} onClick={tryAgain}>
          {t('ERRORS.ACTIONS.TRY_AGAIN')}
        </Button>
      );
    }
    const to = action === 'home' ? paths.root : paths.chooseCompany;
    return (
      <Link key={action} to={to} className={className}>
        {t(action === 'home' ? 'ERRORS.ACTIONS.BACK_HOME' : 'ERRORS.ACTIONS.CHOOSE_COMPANY')}
      </Link>
    );
  });

  return (
    <OutcomeLayout
      tone={page.tone}
      icon={page.icon}
      title={t(page.titleKey)}
      message={<p>{page.hasContacts ? <SupportContacts i18nKey={page.messageKey} /> : t(page.messageKey, { days: BANK_CONTACT_WORKING_DAYS })}</p>}
      next={page.next?.map((key) => t(key))}
      actions={actions}
    >
      {page.showsBranches && <BankBranches />}
    </OutcomeLayout>
  );
}
