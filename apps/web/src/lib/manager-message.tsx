import { useTranslation } from 'react-i18next';
import { cx } from '../ui/class-names';
import { RichText } from './rich-text';
import styles from './manager-message.module.css';

/**
 * The relationship manager's words with the bank's request for more information, where the applicant reads the
 * request: the status page and the step it reopened. Rich text (docs/requirements.md section 5): links and bold.
 */
export function ManagerMessage({ message, className }: { message: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <figure className={cx(styles.message, className)}>
      <figcaption className={styles.label}>{t('SUCCESS.TIMELINE.MORE_INFORMATION_NEEDED.MESSAGE_LABEL')}</figcaption>
      <RichText as="blockquote" html={message} className={styles.text} />
    </figure>
  );
}
