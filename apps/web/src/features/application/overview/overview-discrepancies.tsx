import { DISCREPANCY_STEP, formatAddress, type Discrepancy, type FactParty } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STEP_SCREENS } from '../application-steps';
import styles from './overview.module.css';

const KEY = 'APPLICATION.OVERVIEW.DISCREPANCIES';

function formatParties(parties: readonly FactParty[], t: TFunction, language: string): string {
  if (parties.length === 0) return t(`${KEY}.NOBODY`);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  return parties.map((party) => (party.sharePercent === undefined ? party.name : `${party.name} ${percent.format(party.sharePercent / 100)}`)).join(', ');
}

/** One discrepancy in plain words: what the register says, what was declared, and what follows. */
function sentence(discrepancy: Discrepancy, t: TFunction, language: string): string {
  switch (discrepancy.fact) {
    case 'REPRESENTATION_BASIS': {
      const register = t(`${KEY}.BASIS.${discrepancy.register ?? 'NONE'}`);
      const declared = t(`${KEY}.BASIS.${discrepancy.declared}`);
      const consequence = discrepancy.register === 'MANAGEMENT_BOARD_MEMBER' ? '' : ` ${t(`${KEY}.BOARD_WILL_SIGN`)}`;
      return `${t(`${KEY}.REPRESENTATION_BASIS`, { register, declared })}${consequence}`;
    }
    case 'LISTED_COMPANY':
      return t(discrepancy.register ? `${KEY}.LISTED_COMPANY_YES` : `${KEY}.LISTED_COMPANY_NO`);
    case 'LEGAL_ADDRESS':
      return t(`${KEY}.LEGAL_ADDRESS`, {
        register: formatAddress(discrepancy.register),
        declared: formatAddress(discrepancy.declared),
      });
    case 'MAIN_FIELD_OF_ACTIVITY':
      return t(`${KEY}.MAIN_FIELD_OF_ACTIVITY`, { register: discrepancy.register, declared: discrepancy.declared });
    default:
      return t(`${KEY}.${discrepancy.fact}`, {
        register: formatParties(discrepancy.register, t, language),
        declared: formatParties(discrepancy.declared, t, language),
      });
  }
}

/**
 * Where what the applicant declared differs from the Business Register, told
 * before signing (the register decides; the declaration is kept beside it and
 * a manager checks it), with a link to the step to correct it.
 */
export function OverviewDiscrepancies({ discrepancies }: { discrepancies: readonly Discrepancy[] | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (!discrepancies || discrepancies.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.discrepancies}>
      <h2 id={titleId} className={styles.discrepanciesTitle}>
        {t(`${KEY}.TITLE`)}
      </h2>
      <p className={styles.discrepanciesIntro}>{t(`${KEY}.INTRO`)}</p>
      <ul className={styles.discrepancyList}>
        {discrepancies.map((discrepancy) => {
          const screen = STEP_SCREENS.find((candidate) => candidate.step === DISCREPANCY_STEP[discrepancy.fact]);
          return (
            <li key={discrepancy.fact} className={styles.discrepancy}>
              <p className={styles.discrepancyFact}>{t(`${KEY}.FACTS.${discrepancy.fact}`)}</p>
              <p>{sentence(discrepancy, t, i18n.language)}</p>
              {screen && (
                <p>
                  <Link to={screen.path}>{t(`${KEY}.CORRECT`, { step: t(screen.titleKey) })}</Link>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
