import {
  LIST_MAX_ITEMS,
  createRelatedPersonsSchema,
  isBeneficialOwnersTotalToConfirm,
  parseWithIssues,
  type ApplicationView,
  type RelatedPersonType,
} from '@onboarding/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { useApplicationLayout } from '../application-context';
import { ListFullNote, useListLimit } from '../../../lib/fields/list-limit';
import { useLocale } from '../../../lib/fields/options';
import { StepActions } from '../step-actions';
import { useDetailRequests } from '../api/detail-requests';
import { useSaveStep } from '../use-save-step';
import { useStepDraft } from '../use-step-draft';
import { BeneficialOwnersConfirmation } from './beneficial-owners-confirmation';
import { cardHeadingIdOf } from './card-ids';
import { APPLICANT_ID, holdingsOf, newPersonId, removePerson, savePerson, toStepPayload, type PersonValues, type RelatedPersonsValues } from './form-values';
import { ownershipTree } from './ownership-tree';
import { OwnershipTreeView } from './ownership-tree-view';
import { OwnDetailsRequest } from './own-details-request';
import { PersonCard } from './person-card';
import { usePersonLabel } from './person-label';
import { readPersonDialogDraft, writePersonDialogDraft } from './person-dialog-draft';
import { PersonModal, type PersonModalTarget } from './person-modal';
import { usePersonName } from './person-names';
import { RemovePersonModal } from './remove-person-modal';
import { summaryItems } from './summary-items';
import { useRelatedPersonsContext } from './use-related-persons-context';
import { browserViolations, mergeViolations, missingDetails, serverFeedback, violationText, type ServerFeedback } from './violations';
import { ViolationsSummary } from './violations-summary';
import styles from './related-persons.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/** typedValues: what a reload left typed in the dialog, for the opening that brings it back. */
type ModalState = { target: PersonModalTarget; isOpen: boolean; openCount: number; typedValues?: Readonly<Record<string, unknown>> };

/**
 * The related persons step (docs/requirements.md sections 3 and 5): the persons
 * as cards, the add/edit modal, the ownership structure, and every
 * related-person rule checked in the browser on each change with the server's
 * context, and again by the server on Continue. The values are autosaved as a
 * draft.
 */
export type RelatedPersonsEditorProps = {
  initialValues: RelatedPersonsValues;
  /** The values for what an application holds (a reloaded one, after another window saved); undefined when it holds none. */
  valuesOf: (application: ApplicationView) => RelatedPersonsValues | undefined;
};

export function RelatedPersonsEditor({ initialValues, valuesOf }: RelatedPersonsEditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameOf = usePersonName();
  const labelOf = usePersonLabel();
  const { step, processId } = useApplicationLayout();
  const { save, isSaving } = useSaveStep();
  const screen = useRelatedPersonsContext();
  const detailRequests = useDetailRequests(processId);
  const [values, setValues] = useState(initialValues);
  const [server, setServer] = useState<ServerFeedback | null>(null);
  // A dialog a reload closed unsaved opens again with what was typed in it.
  const [modal, setModal] = useState<ModalState | null>(() => {
    const draft = readPersonDialogDraft(processId, initialValues.relatedPersons);
    return draft ? { target: draft.target, isOpen: true, openCount: 1, typedValues: draft.values } : null;
  });
  const [removing, setRemoving] = useState<{ id: string; name: string; isOpen: boolean } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // docs/requirements.md section 2, messages only after touch: what stands in the way shows after the first edit
  // or Continue.
  const [isTouched, setIsTouched] = useState(false);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const addPersonButton = useRef<HTMLButtonElement>(null);
  const limit = useListLimit(values.relatedPersons.length, LIST_MAX_ITEMS.relatedPersons);
  // Where focus goes once the page has re-rendered (a removed card's place, a completed person's card).
  const pendingFocus = useRef<(() => void) | null>(null);
  // What had focus when the person modal opened: the modal gives focus back to it.
  const modalOpener = useRef<Element | null>(null);
  useStepDraft(step, values, { fromApplication: valuesOf, restore: setValues });

  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  const violations = useMemo(
    // The server's whole-list findings hold for the values it judged; any change makes them the browser's to judge again.
    () => mergeViolations(browserViolations(values, screen.context), server?.values === values ? server.violations : []),
    [values, screen.context, server],
  );
  const missingCounts = useMemo(() => values.relatedPersons.map((person) => missingDetails(person).length), [values]);
  const fieldIssues = useMemo(() => server?.fieldIssues ?? [], [server]);
  const tree = useMemo(() => ownershipTree(values, { isListedCompany: screen.isListedCompany }), [values, screen.isListedCompany]);
  const companyNameOf = (companyId: string) => {
    if (companyId === APPLICANT_ID) return screen.companyName;
    const company = values.relatedPersons.find((person) => person.id === companyId);
    return company ? nameOf(company) : companyId;
  };
  const textOf = (violation: (typeof violations)[number]) => violationText(t, violation, locale);
  const items = summaryItems({
    persons: values.relatedPersons,
    violations,
    missingCounts,
    fieldIssues,
    violationText: textOf,
    // Namesakes (three "OK TESTNUMBER"s) are told apart by their code or birth date and their roles.
    missingText: (person, count) => t(`${RP}.SUMMARY.MISSING`, { name: labelOf(person), count }),
    correctText: (person) => t(`${RP}.SUMMARY.CORRECT`, { name: labelOf(person) }),
  });

  const openModal = (type: RelatedPersonType, personId: string | null, isCompleting = false) => {
    modalOpener.current = document.activeElement;
    setModal((current) => ({ target: { type, personId, isCompleting, newId: newPersonId(values) }, isOpen: true, openCount: (current?.openCount ?? 0) + 1 }));
  };
  // Saved or cancelled, the dialog's input is done with.
  const closeModal = () => {
    writePersonDialogDraft(processId, null);
    setModal((current) => (current ? { ...current, isOpen: false } : current));
  };

  const onSavePerson = (person: PersonValues, shares: ReadonlyMap<string, number>) => {
    const next = savePerson(values, person, shares);
    setValues(next);
    setIsTouched(true);
    // The person now says what the user entered; the server's word on the old details no longer applies.
    setServer((current) => (current ? { ...current, fieldIssues: current.fieldIssues.filter((issue) => issue.personId !== person.id) } : current));
    setFormError(null);
    closeModal();
    // The modal gives focus back to its opener; "Complete the details" is gone once nothing is missing, so focus goes to the person's card.
    const opener = modalOpener.current;
    const index = next.relatedPersons.findIndex((candidate) => candidate.id === person.id);
    pendingFocus.current = () => {
      if (!opener?.isConnected && index >= 0) document.getElementById(cardHeadingIdOf(index))?.focus();
    };
  };

  const onConfirmRemove = () => {
    if (!removing) return;
    const index = values.relatedPersons.findIndex((person) => person.id === removing.id);
    const next = removePerson(values, removing.id);
    setValues(next);
    setIsTouched(true);
    setServer((current) => (current ? { ...current, fieldIssues: current.fieldIssues.filter((issue) => issue.personId !== removing.id) } : current));
    setRemoving({ ...removing, isOpen: false });
    // The card and its button are gone: focus goes to the card now in its place, the one before, or Add.
    const target = next.relatedPersons[index] ? index : index - 1;
    pendingFocus.current = () => (target >= 0 ? document.getElementById(cardHeadingIdOf(target))?.focus() : addPersonButton.current?.focus());
  };

  const nameAt = (index: number) => {
    const person = values.relatedPersons[index];
    return person ? nameOf(person) : '';
  };
  const showPerson = (index: number) => document.getElementById(cardHeadingIdOf(index))?.focus();

  // The summary is there once touched; the first Continue shows it, so focus goes to it after that render.
  const focusSummary = () => {
    if (isTouched) summaryHeading.current?.focus();
    else pendingFocus.current = () => summaryHeading.current?.focus();
  };

  const onContinue = async () => {
    setFormError(null);
    setIsTouched(true);
    const parsed = parseWithIssues(createRelatedPersonsSchema(screen.context), toStepPayload(values));
    if (!parsed.success) {
      setFormError(t(`${RP}.FORM_ERROR`));
      focusSummary();
      return;
    }
    const result = await save(parsed.data);
    if (result.status !== 'invalid') return;
    setServer(serverFeedback(result.fields, values));
    setFormError(t(`${RP}.SERVER_ERROR`));
    focusSummary();
  };

  return (
    <div className={styles.editor}>
      {(isTouched || items.length === 0) && <ViolationsSummary items={items} nameAt={nameAt} onShowPerson={showPerson} headingRef={summaryHeading} />}
      <section aria-labelledby="related-persons-list-title" className={styles.listSection}>
        <div className={styles.listHeader}>
          <h2 id="related-persons-list-title" className={styles.sectionTitle}>
            {t(`${RP}.LIST.TITLE`)}
          </h2>
          <div className={styles.addButtons}>
            <Button ref={addPersonButton} variant="outline" leadingIcon="add" {...limit.addButtonProps} onClick={() => openModal('PRIVATE_PERSON', null)}>
              {t(`${RP}.LIST.ADD_PERSON`)}
            </Button>
            <Button variant="outline" leadingIcon="add" {...limit.addButtonProps} onClick={() => openModal('LEGAL_ENTITY', null)}>
              {t(`${RP}.LIST.ADD_ENTITY`)}
            </Button>
          </div>
        </div>
        <ListFullNote limit={limit} />
        {values.relatedPersons.length === 0 ? (
          <p className={styles.muted}>{t(`${RP}.LIST.EMPTY`)}</p>
        ) : (
          <ul className={styles.cards}>
            {values.relatedPersons.map((person, index) => (
              <li key={person.id}>
                <PersonCard
                  person={person}
                  index={index}
                  name={nameOf(person)}
                  holdings={[...holdingsOf(values, person.id)].map(([companyId, sharePercent]) => ({ companyName: companyNameOf(companyId), sharePercent }))}
                  missingCount={missingCounts[index] ?? 0}
                  problems={violations.filter((violation) => violation.personIds.includes(person.id)).map(textOf)}
                  serverIssues={fieldIssues.filter((issue) => issue.personId === person.id)}
                  locale={locale}
                  onEdit={(isCompleting) => openModal(person.type, person.id, isCompleting)}
                  onRemove={() => setRemoving({ id: person.id, name: nameOf(person), isOpen: true })}
                  ownDetails={
                    person.type === 'PRIVATE_PERSON' && !person.roles.includes('REPRESENTATIVE') ? (
                      <OwnDetailsRequest
                        processId={processId}
                        personId={person.id}
                        name={nameOf(person)}
                        hasPersonalCode={Boolean(person.personalId?.trim())}
                        request={detailRequests.data?.requests.find((request) => request.personId === person.id)}
                      />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {isBeneficialOwnersTotalToConfirm(values.relatedPersons) && (
        <BeneficialOwnersConfirmation
          values={values}
          locale={locale}
          onChange={(isConfirmed) => {
            setValues((current) => ({ ...current, hasNoOtherBeneficialOwners: isConfirmed }));
            setIsTouched(true);
          }}
        />
      )}
      <OwnershipTreeView tree={tree} companyName={screen.companyName} nameOf={nameOf} locale={locale} />
      <div aria-live="polite">{formError && <p className={styles.formError}>{formError}</p>}</div>
      <StepActions onContinue={() => void onContinue()} isContinuing={isSaving} />
      {modal && (
        <PersonModal
          target={modal.target}
          isOpen={modal.isOpen}
          openCount={modal.openCount}
          values={values}
          companyName={screen.companyName}
          serverIssues={modal.target.personId === null ? [] : fieldIssues.filter((issue) => issue.personId === modal.target.personId)}
          onSave={onSavePerson}
          typedValues={modal.typedValues}
          onValuesChange={(typed) => writePersonDialogDraft(processId, { target: modal.target, values: typed })}
          onClose={closeModal}
          onExited={() => setModal((current) => (current?.isOpen ? current : null))}
        />
      )}
      {removing && (
        <RemovePersonModal
          name={removing.name}
          isOpen={removing.isOpen}
          onConfirm={onConfirmRemove}
          onClose={() => setRemoving({ ...removing, isOpen: false })}
          onExited={() => setRemoving((current) => (current?.isOpen ? current : null))}
        />
      )}
    </div>
  );
}
