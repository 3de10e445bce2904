import type { ApplicationView } from '@onboarding/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui';
import { useApplicationLayout } from '../application-context';
import { useRegisterPrefill } from './api/register-prefill';
import { newPersonId, readStepValues, withConsistentRoles, withRepresentative, type RelatedPersonsValues } from './form-values';
import { RegisterBeneficialOwners } from './register-beneficial-owners';
import { RelatedPersonsEditor } from './related-persons-editor';
import { useRelatedPersonsContext } from './use-related-persons-context';
import layoutStyles from '../application-layout.module.css';
import styles from './related-persons.module.css';

const STEP = 'RelatedPersons';

/**
 * /application/related-persons (step RelatedPersons). The persons start from
 * the draft (saving a step deletes its draft, so a draft is always newer),
 * else the saved step, else what the business register knows; the signed-in
 * representative is added when nobody holds that role. What the register says
 * of the beneficial owners is shown above the persons whatever they start from.
 */
export function RelatedPersonsPage() {
  const { t } = useTranslation();
  const { application, processId, stepScreen } = useApplicationLayout();
  const stored = application.drafts[STEP] ?? application.steps[STEP];
  // Asked also when the step is stored: its persons are used only for a new step, but what the register says of the
  // beneficial owners is shown every time.
  const prefill = useRegisterPrefill(processId);
  const ownership = prefill.data?.beneficialOwnership;

  return (
    <section aria-labelledby="screen-title" className={layoutStyles.stepPage}>
      <h1 id="screen-title" className={layoutStyles.stepTitle} tabIndex={-1}>
        {t(stepScreen.titleKey)}
      </h1>
      {/* "Added for you" only when the register gave someone to add: a company typed by hand has no one. */}
      {!prefill.isLoading && (
        <p className={styles.muted}>
          {t(prefill.data?.relatedPersons.length ? 'APPLICATION.RELATED_PERSONS.INTRO' : 'APPLICATION.RELATED_PERSONS.INTRO_WITHOUT_REGISTER')}
        </p>
      )}
      {ownership && <RegisterBeneficialOwners ownership={ownership} />}
      {stored === undefined && prefill.isLoading ? <Spinner /> : <LoadedEditor source={stored ?? prefill.data} />}
    </section>
  );
}

function LoadedEditor({ source }: { source: unknown }) {
  const { representative } = useRelatedPersonsContext();
  const valuesOfSource = (stored: unknown): RelatedPersonsValues => {
    const values = readStepValues(stored);
    return withConsistentRoles(withRepresentative(values, representative, () => newPersonId(values)));
  };
  // Another window's save, to merge with what is entered here; nothing stored means nothing saved there.
  const valuesOf = (latest: ApplicationView) => {
    const stored = latest.drafts[STEP] ?? latest.steps[STEP];
    return stored === undefined ? undefined : valuesOfSource(stored);
  };
  // Read once: a reload of the application (e.g. after 409) must not reset what is entered.
  const [initialValues] = useState<RelatedPersonsValues>(() => valuesOfSource(source));
  return <RelatedPersonsEditor initialValues={initialValues} valuesOf={valuesOf} />;
}
