import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, RadioGroup } from '../../../ui';
import { conflictFieldLabel, describeConflictValue } from './conflict-fields';
import type { ConflictChoice, DraftConflict } from './draft-conflict';
import styles from './conflict-view.module.css';

/**
 * Shown when this page and another window (or device) changed the same answers: per field, what was typed here
 * and what the other window saved, and the user keeps one of them. Nothing is saved until they choose; closing
 * keeps what was typed here, the choice each field starts with.
 */
export function ConflictView({ conflict }: { conflict: DraftConflict | null }) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  // A new conflict starts from this page's answers again.
  const [shownConflict, setShownConflict] = useState(conflict);
  if (shownConflict !== conflict) {
    setShownConflict(conflict);
    setChoices({});
  }

  const apply = () => conflict?.resolve(choices);
  return (
    <Modal
      isOpen={conflict !== null}
      onClose={apply}
      size="medium"
      title={t('APPLICATION.CONFLICT.TITLE')}
      description={<p>{t('APPLICATION.CONFLICT.MESSAGE')}</p>}
      footer={
        <Button variant="primary" onClick={apply}>
          {t('APPLICATION.CONFLICT.APPLY')}
        </Button>
      }
    >
      {conflict && (
        <div className={styles.fields}>
          {conflict.fields.map((field) => (
            <RadioGroup
              key={field.key}
              name={`conflict-${field.key}`}
              legend={conflictFieldLabel(t, conflict.step, field.key)}
              value={choices[field.key] ?? 'mine'}
              onChange={(value) => setChoices((current) => ({ ...current, [field.key]: value as ConflictChoice }))}
              options={[
                { value: 'mine', label: t('APPLICATION.CONFLICT.MINE'), hint: describeConflictValue(t, conflict.step, field.key, field.mine) },
                { value: 'theirs', label: t('APPLICATION.CONFLICT.THEIRS'), hint: describeConflictValue(t, conflict.step, field.key, field.theirs) },
              ]}
            />
          ))}
        </div>
      )}
    </Modal>
  );
}
