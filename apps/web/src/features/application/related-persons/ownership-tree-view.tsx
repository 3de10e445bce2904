import { REQUIRED_TOTAL_SHARE_PERCENT, type Locale } from '@onboarding/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui';
import type { PersonValues } from './form-values';
import type { OwnersLevel } from './ownership-tree';
import { formatPercent } from './percent';
import styles from './related-persons.module.css';

const TREE = 'APPLICATION.RELATED_PERSONS.TREE';

type TreeProps = { tree: OwnersLevel; companyName: string; nameOf: (person: PersonValues) => string; locale: Locale };

/**
 * The ownership structure as a nested list (ul/li, so a screen reader reads
 * levels and counts): the applicant company, its owners with their shares,
 * legal-entity owners' own owners below them; each level's total, marked
 * when it does not add up.
 */
export function OwnershipTreeView({ tree, companyName, nameOf, locale }: TreeProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.treeSection}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t(`${TREE}.TITLE`)}
      </h2>
      <ul className={styles.tree}>
        <li>
          <span className={styles.treeCompany}>{companyName}</span>
          <Level level={tree} isFirstLevel nameOf={nameOf} locale={locale} />
        </li>
      </ul>
    </section>
  );
}

function Level({ level, isFirstLevel, nameOf, locale }: { level: OwnersLevel; isFirstLevel: boolean; nameOf: TreeProps['nameOf']; locale: Locale }) {
  const { t } = useTranslation();
  if (level.owners.length === 0 && !isFirstLevel) return <p className={styles.treeNote}>{t(`${TREE}.NO_OWNERS`)}</p>;
  const numbers = { total: formatPercent(level.totalPercent, locale), expected: formatPercent(REQUIRED_TOTAL_SHARE_PERCENT, locale) };
  return (
    <>
      <p className={styles.treeTotal} data-wrong={level.isWrong || undefined}>
        {level.isWrong && <Icon name="error" size="small" />}
        {t(level.isWrong ? `${TREE}.TOTAL_WRONG` : `${TREE}.TOTAL`, numbers)}
      </p>
      {level.owners.length > 0 && (
        <ul>
          {level.owners.map((node) => (
            <li key={node.person.id}>
              <span className={styles.treeOwner}>
                {nameOf(node.person)}
                <span className={styles.treeShare}>
                  {node.sharePercent === undefined ? t(`${TREE}.NO_SHARE`) : `${formatPercent(node.sharePercent, locale)}%`}
                </span>
              </span>
              {node.isRepeated && <p className={styles.treeNote}>{t(`${TREE}.REPEATED`)}</p>}
              {node.owners && <Level level={node.owners} isFirstLevel={false} nameOf={nameOf} locale={locale} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
