import type { RelatedPersonType } from '@onboarding/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui';
import { APPLICANT_ID, holdingsOf, type PersonValues, type RelatedPersonsValues } from './form-values';
import { LegalEntityForm } from './legal-entity-form';
import type { StructureCompany } from './person-form-values';
import { usePersonName } from './person-names';
import { PrivatePersonForm } from './private-person-form';
import type { PersonFieldIssue } from './violations';
import styles from './related-persons.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/** Which person the modal edits: an existing one by id, or a new one of a type. */
export type PersonModalTarget = {
  type: RelatedPersonType;
  personId: string | null;
  /** Opened by "Complete the details": the missing details show at once. */
  isCompleting: boolean;
  /** A fresh id for a new person. */
  newId: string;
};

export type PersonModalProps = {
  target: PersonModalTarget;
  isOpen: boolean;
  /** Each opening gets a fresh form. */
  openCount: number;
  values: RelatedPersonsValues;
  companyName: string;
  serverIssues: readonly PersonFieldIssue[];
  onSave: (person: PersonValues, shares: ReadonlyMap<string, number>) => void;
  /** What was typed before a reload, to start from (and say so). */
  typedValues?: Readonly<Record<string, unknown>>;
  /** Every change of the form, to keep it in this tab until Save or Cancel. */
  onValuesChange: (values: Record<string, unknown>) => void;
  onClose: () => void;
  onExited: () => void;
};

/**
 * docs/requirements.md section 2 "Related person add/edit": the person's or
 * entity's fields and the Ownership part. Escape, the close button and Cancel
 * leave it unchanged; focus goes back to the button that opened it (ui/Modal).
 * What is typed is kept in this tab until Save or Cancel, so that a reload
 * opens the dialog again as it was.
 */
export function PersonModal({
  target,
  isOpen,
  openCount,
  values,
  companyName,
  serverIssues,
  onSave,
  typedValues,
  onValuesChange,
  onClose,
  onExited,
}: PersonModalProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const formId = useId();
  const person = target.personId === null ? undefined : values.relatedPersons.find((candidate) => candidate.id === target.personId);
  const identity = person ? { id: person.id, roles: person.roles } : { id: target.newId, roles: [] };
  const companies: StructureCompany[] = [
    { id: APPLICANT_ID, name: companyName },
    ...values.relatedPersons
      .filter((candidate) => candidate.type === 'LEGAL_ENTITY' && candidate.id !== identity.id)
      .map((entity) => ({ id: entity.id, name: nameOf(entity) })),
  ];
  const shares = holdingsOf(values, identity.id);
  // Opened to complete what is missing, the dialog says so, as the button that opened it did.
  const title = person
    ? t(target.isCompleting ? `${RP}.CARD.COMPLETE_NAMED` : `${RP}.MODAL.EDIT`, { name: nameOf(person) })
    : t(target.type === 'LEGAL_ENTITY' ? `${RP}.MODAL.ADD_ENTITY` : `${RP}.MODAL.ADD_PERSON`);
  const formProps = { formId, identity, companies, shares, isRevealed: target.isCompleting, serverIssues, onSave, typedValues, onValuesChange };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      onExited={onExited}
      size="large"
      title={title}
      description={t(`${RP}.MODAL.DESCRIPTION`)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t(`${RP}.MODAL.CANCEL`)}
          </Button>
          <Button type="submit" form={formId}>
            {t(`${RP}.MODAL.SAVE`)}
          </Button>
        </>
      }
    >
      {typedValues && (
        <p role="status" className={styles.restored}>
          {t(`${RP}.MODAL.RESTORED`)}
        </p>
      )}
      {target.type === 'LEGAL_ENTITY' ? (
        <LegalEntityForm key={openCount} {...formProps} person={person?.type === 'LEGAL_ENTITY' ? person : undefined} />
      ) : (
        <PrivatePersonForm key={openCount} {...formProps} person={person?.type === 'PRIVATE_PERSON' ? person : undefined} />
      )}
    </Modal>
  );
}
