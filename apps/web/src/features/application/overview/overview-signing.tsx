import type { SigningSummary } from '@onboarding/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';
import { Icon } from '../../../ui';
import styles from './overview.module.css';

type Texts = { title: string; texts: string[] };

/**
 * What the register's representation rule means before signing (docs/register-facts.md section 5): who else must
 * sign the contract, or that the bank reads the register's conditions. Nothing when the applicant signs alone on
 * the plain rule, or the register does not state it.
 */
export function OverviewSigning({ signing }: { signing: SigningSummary | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (!signing) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    signing.candidates.map((candidate) => `${candidate.firstName} ${candidate.lastName}`),
  );
  const say = (key: TranslationKey, values: Record<string, unknown> = {}) => t(key, values) as string;
  const shown = ((): Texts | undefined => {
    switch (signing.requirement) {
      case 'TOGETHER': {
        const isEveryone = signing.othersNeeded === signing.candidates.length;
        const isOne = isEveryone ? signing.candidates.length === 1 : signing.othersNeeded === 1;
        const title = isEveryone
          ? say(isOne ? 'APPLICATION.OVERVIEW.SIGNING.NAMED_ONE' : 'APPLICATION.OVERVIEW.SIGNING.NAMED_MANY', { names })
          : say(isOne ? 'APPLICATION.OVERVIEW.SIGNING.SOME_ONE' : 'APPLICATION.OVERVIEW.SIGNING.SOME_MANY', { count: signing.othersNeeded });
        const candidates = isEveryone ? [] : [say('APPLICATION.OVERVIEW.SIGNING.SOME_CANDIDATES', { names })];
        const why = signing.isProcuraHolder ? say('APPLICATION.OVERVIEW.SIGNING.PROCURA_TEXT') : say('APPLICATION.OVERVIEW.SIGNING.JOINT_TEXT');
        // Collected in the product (decision 39): what the applicant does after signing; otherwise the bank's link.
        const next = say(signing.isCollected ? 'APPLICATION.OVERVIEW.SIGNING.COLLECTED_TEXT' : 'APPLICATION.OVERVIEW.SIGNING.BANK_LINK_TEXT');
        return { title, texts: [...candidates, why, next] };
      }
      case 'BANK_DECIDES':
        return { title: say('APPLICATION.OVERVIEW.SIGNING.BANK_DECIDES.TITLE'), texts: [say('APPLICATION.OVERVIEW.SIGNING.BANK_DECIDES.TEXT')] };
      case 'ALONE':
        return signing.isCheckedByBank
          ? { title: say('APPLICATION.OVERVIEW.SIGNING.CONDITIONS.TITLE'), texts: [say('APPLICATION.OVERVIEW.SIGNING.CONDITIONS.TEXT')] }
          : undefined;
      case 'NOT_A_REPRESENTATIVE':
        // The company step already says the register names the person no representative.
        return undefined;
    }
  })();
  if (!shown) return null;
  return (
    <div className={styles.notices}>
      <div role="note" aria-labelledby={titleId} className={styles.notice}>
        <Icon name="infoCircle" size="medium-light" className={styles.noticeIcon} />
        <div className={styles.noticeBody}>
          <p id={titleId} className={styles.noticeTitle}>
            {shown.title}
          </p>
          {shown.texts.map((text) => (
            <p key={text} className={styles.noticeText}>
              {text}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}
