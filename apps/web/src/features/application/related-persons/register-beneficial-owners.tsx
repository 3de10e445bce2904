import type { RegisterBeneficialOwnership } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui';
import { useLocale } from '../../../lib/fields/options';
import { formatPercent } from './percent';
import styles from './related-persons.module.css';

const RO = 'APPLICATION.RELATED_PERSONS.REGISTER_OWNERS';

type Owner = RegisterBeneficialOwnership['owners'][number];

/**
 * What the e-Business Register says of the company's beneficial owners (docs/register-facts.md section 2.4), beside
 * the applicant's own list: whom it names and how each controls the company, the discrepancy notices filed, how many
 * it counts without naming (the applicant declares them) and a notice that the data are missing. The applicant's list
 * may differ from it; the difference is a discrepancy the bank sees.
 */
export function RegisterBeneficialOwners({ ownership }: { ownership: RegisterBeneficialOwnership }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const controlOf = (owner: Owner) => {
    if (owner.benefitType !== 'OTHER') return t(`${RO}.CONTROL.${owner.benefitType}`);
    const name = owner.controlTypeName ?? owner.benefitTypeOther;
    return name ? t(`${RO}.CONTROL.OTHER_NAMED`, { name }) : t(`${RO}.CONTROL.OTHER`);
  };
  const lineOf = (owner: Owner) => {
    const name = `${owner.firstName} ${owner.lastName}`.trim();
    const control = controlOf(owner);
    return owner.beneficiarySharePercent === undefined
      ? t(`${RO}.OWNER`, { name, control })
      : t(`${RO}.OWNER_SHARE`, { name, control, share: formatPercent(owner.beneficiarySharePercent, locale) });
  };

  return (
    <section aria-labelledby="register-owners-title" className={styles.registerOwners}>
      <h2 id="register-owners-title" className={styles.sectionTitle}>
        {t(`${RO}.TITLE`)}
      </h2>
      {ownership.owners.length === 0 ? (
        <p className={styles.muted}>{t(`${RO}.NONE`)}</p>
      ) : (
        <ul className={styles.registerOwnerList}>
          {ownership.owners.map((owner) => (
            <li key={`${owner.personalId ?? ''}:${owner.firstName}:${owner.lastName}:${owner.birthDate}`}>
              <span>{lineOf(owner)}</span>
              {owner.hasDiscrepancyNotice && (
                <span className={styles.registerOwnerNotice}>
                  <Icon name="infoCircle" size="small" className={styles.registerNoticeIcon} />
                  {t(`${RO}.DISCREPANCY_NOTICE`)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {ownership.hidden > 0 && <RegisterNotice text={t(`${RO}.HIDDEN`, { number: String(ownership.hidden) })} hint={t(`${RO}.HIDDEN_FOLLOW_UP`)} />}
      {ownership.hasMissingDataNotice && <RegisterNotice text={t(`${RO}.MISSING_DATA`)} />}
    </section>
  );
}

function RegisterNotice({ text, hint }: { text: string; hint?: string }) {
  return (
    <div role="note" className={styles.registerNotice}>
      <Icon name="infoCircle" size="medium-light" className={styles.registerNoticeIcon} />
      <div className={styles.registerNoticeBody}>
        <p className={styles.registerNoticeText}>{text}</p>
        {hint && <p className={styles.registerNoticeText}>{hint}</p>}
      </div>
    </div>
  );
}
