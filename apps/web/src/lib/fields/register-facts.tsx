import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui';
import styles from './register-facts.module.css';

/**
 * What the e-Business Register says, shown as facts and not as fields, in the one style every screen uses for it:
 * a panel with the source named on top, the facts, and a note below if there is one.
 */
export function RegisterFacts({ children, note }: { children: ReactNode; note?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.panel}>
      <FromRegister>{t('APPLICATION.COMPANY_INFORMATION.FROM_REGISTER')}</FromRegister>
      {children}
      {note && <p className={styles.note}>{note}</p>}
    </div>
  );
}

/** The source line of a fact or field filled in from the register. */
export function FromRegister({ children }: { children: ReactNode }) {
  return (
    <p className={styles.source}>
      <Icon name="checkCircle" size="small" />
      <span>{children}</span>
    </p>
  );
}
