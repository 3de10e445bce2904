import type { Locale } from '@onboarding/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/country-name';
import { validationMessage } from '../../../lib/domain-resolver';
import { formatCalendarDate } from '../../../lib/formats';
import { FromRegister } from '../../../lib/fields/register-facts';
import { Button, Icon } from '../../../ui';
import { cardHeadingIdOf, cardIdOf } from './card-ids';
import { fieldLabelKey } from './field-labels';
import type { PersonValues } from './form-values';
import { formatPercent } from './percent';
import type { PersonFieldIssue } from './violations';
import styles from './related-persons.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

export type PersonCardProps = {
  person: PersonValues;
  index: number;
  name: string;
  /** The person's shares, each in a company of the structure. */
  holdings: { companyName: string; sharePercent: number | undefined }[];
  /** How many details the person still lacks (persons from the register lack addresses, tax residences…). */
  missingCount: number;
  /** The broken related-person rules that name this person, in words. */
  problems: readonly string[];
  serverIssues: readonly PersonFieldIssue[];
  locale: Locale;
  onEdit: (isCompleting: boolean) => void;
  onRemove: () => void;
  /** Asking the person for their own details, where they can be asked (decision 40). */
  ownDetails?: ReactNode;
};

/**
 * One related person: name, kind and "From the Business Register" until edited, roles as chips, identifying
 * details, shares, what is missing or wrong, the request for their own details, and one action: Complete the
 * details while some are missing, Edit once none are; Remove beside it, quieter (the representative cannot be
 * removed).
 */
export function PersonCard({ person, index, name, holdings, missingCount, problems, serverIssues, locale, onEdit, onRemove, ownDetails }: PersonCardProps) {
  const { t } = useTranslation();
  const headingId = cardHeadingIdOf(index);
  const isRepresentative = person.roles.includes('REPRESENTATIVE');
  const hasProblems = problems.length > 0 || serverIssues.length > 0;

  return (
    <article
      id={cardIdOf(index)}
      aria-labelledby={headingId}
      className={styles.card}
      data-invalid={hasProblems || undefined}
      data-incomplete={missingCount > 0 || undefined}
    >
      <div className={styles.cardHeader}>
        <h3 id={headingId} tabIndex={-1} className={styles.cardTitle}>
          {name}
        </h3>
        <p className={styles.cardType}>{t(person.type === 'LEGAL_ENTITY' ? `${RP}.CARD.LEGAL_ENTITY` : `${RP}.CARD.PRIVATE_PERSON`)}</p>
        {person.isFromRegister && <FromRegister>{t(`${RP}.FROM_REGISTER`)}</FromRegister>}
      </div>
      {person.roles.length > 0 && (
        <ul className={styles.roles} aria-label={t(`${RP}.SECTIONS.ROLES`)}>
          {person.roles.map((role) => (
            <li key={role}>{t(`${RP}.ROLES.${role}`)}</li>
          ))}
        </ul>
      )}
      <dl className={styles.details}>
        {person.type === 'PRIVATE_PERSON' ? (
          <>
            {person.personalId && (
              <div>
                <dt>{t(`${RP}.CARD.PERSONAL_ID`)}</dt>
                <dd>
                  {person.personalId} ({countryName(person.personalIdCountryCode || 'EE', locale)})
                </dd>
              </div>
            )}
            {person.birthDate && (
              <div>
                <dt>{t(`${RP}.FIELDS.BIRTH_DATE`)}</dt>
                <dd>{formatCalendarDate(person.birthDate, locale)}</dd>
              </div>
            )}
          </>
        ) : (
          <>
            {person.registryCode && (
              <div>
                <dt>{t(`${RP}.CARD.REGISTRY_CODE`)}</dt>
                <dd>{person.registryCode}</dd>
              </div>
            )}
            {person.registryCountryCode && (
              <div>
                <dt>{t(`${RP}.FIELDS.REGISTRY_COUNTRY`)}</dt>
                <dd>{countryName(person.registryCountryCode, locale)}</dd>
              </div>
            )}
          </>
        )}
      </dl>
      {holdings.length > 0 && (
        <ul className={styles.holdings} aria-label={t(`${RP}.SECTIONS.OWNERSHIP`)}>
          {holdings.map((holding) => (
            <li key={holding.companyName}>
              {t(`${RP}.CARD.OWNS`, {
                share: holding.sharePercent === undefined ? '?' : formatPercent(holding.sharePercent, locale),
                company: holding.companyName,
              })}
            </li>
          ))}
        </ul>
      )}
      {missingCount > 0 && (
        <p className={styles.missing}>
          <Icon name="infoCircle" size="small" />
          <span>{t(`${RP}.CARD.MISSING`, { count: missingCount })}</span>
        </p>
      )}
      {hasProblems && (
        <ul className={styles.problems} aria-label={t(`${RP}.CARD.PROBLEMS`)}>
          {problems.map((problem) => (
            <li key={problem}>
              <Icon name="error" size="small" className={styles.problemIcon} />
              <span>{problem}</span>
            </li>
          ))}
          {serverIssues.map((issue) => (
            <li key={`${issue.path}:${issue.code}`}>
              <Icon name="error" size="small" className={styles.problemIcon} />
              <span>
                {t(fieldLabelKey(issue.path))}:{' '}
                {validationMessage(t, {
                  message: issue.code,
                  types: Object.fromEntries(Object.entries(issue.params).map(([key, value]) => [key, String(value)])),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {ownDetails}
      <div className={styles.cardActions}>
        {missingCount > 0 ? (
          <Button variant="primary" size="small" leadingIcon="edit" aria-label={t(`${RP}.CARD.COMPLETE_NAMED`, { name })} onClick={() => onEdit(true)}>
            {t(`${RP}.CARD.COMPLETE`)}
          </Button>
        ) : (
          <Button variant="outline" size="small" leadingIcon="edit" aria-label={t(`${RP}.CARD.EDIT_NAMED`, { name })} onClick={() => onEdit(false)}>
            {t(`${RP}.CARD.EDIT`)}
          </Button>
        )}
        {!isRepresentative && (
          <Button variant="link" linkColor="red" size="small" leadingIcon="remove" aria-label={t(`${RP}.CARD.REMOVE_NAMED`, { name })} onClick={onRemove}>
            {t(`${RP}.CARD.REMOVE`)}
          </Button>
        )}
      </div>
    </article>
  );
}
