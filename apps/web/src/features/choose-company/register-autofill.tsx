import { cleanRegistryCode, DEFAULT_COUNTRY_CODE, isValidRegistryCode } from '@onboarding/domain';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isRegisterUnavailable, RegisterUnavailableNotice } from '../../lib/register-unavailable';
import { Button } from '../../ui';
import { useRegisterCompany } from './api/get-register-company';
import type { ManualCompanyForm } from './manual-company-form';
import { useDebouncedValue } from './use-debounced-value';
import styles from './choose-company-page.module.css';

export const LOOKUP_DELAY_MS = 400;

/** The Estonian registry code to look up, or null when the typed value is not one. */
function lookupCode(registryCode: string | undefined, registryCountryCode: string | undefined): string | null {
  if (registryCountryCode !== DEFAULT_COUNTRY_CODE || !registryCode || !isValidRegistryCode(registryCode)) return null;
  return cleanRegistryCode(registryCode);
}

/**
 * docs/requirements.md section 5, auto-fill: a typed Estonian registry code the
 * business register knows is one of the person's own companies (the look-up
 * answers for no other), which the register, not the form, decides about. So
 * the offer is to choose it from the list above, where the application is
 * started from the register's facts; a company typed by hand is one the
 * register does not know. The offer is announced politely. A register that
 * does not answer is said so beside the field, with a retry, never as a code
 * it does not know: what is typed stays, and the person may go on.
 */
export function RegisterAutofill({ form, onChoose }: { form: ManualCompanyForm; onChoose: (registryCode: string) => void }) {
  const { t } = useTranslation();
  const messageId = useId();
  const [registryCode, registryCountryCode] = useWatch({ control: form.control, name: ['registryCode', 'registryCountryCode'] });
  const code = lookupCode(registryCode, registryCountryCode);
  const debouncedCode = useDebouncedValue(code, LOOKUP_DELAY_MS);
  const company = useRegisterCompany(debouncedCode === null ? null : { registryCountryCode: DEFAULT_COUNTRY_CODE, registryCode: debouncedCode });
  // An answer about a code the user has since changed is not offered.
  const isCurrent = code !== null && code === debouncedCode;
  const found = isCurrent && company.isSuccess ? company.data : undefined;
  const isUnanswered = isCurrent && company.isError && isRegisterUnavailable(company.error);

  return (
    <div aria-live="polite" aria-atomic="true">
      {found && (
        <div className={styles.autofill}>
          <p id={messageId} className={styles.autofillMessage}>
            {t('CHOOSE_COMPANY.AUTOFILL.FOUND', { name: found.businessName })}
          </p>
          <Button variant="secondary" size="small" aria-describedby={messageId} onClick={() => onChoose(found.registryCode)}>
            {t('CHOOSE_COMPANY.AUTOFILL.CHOOSE')}
          </Button>
        </div>
      )}
      {isUnanswered && (
        <RegisterUnavailableNotice
          isAlert={false}
          className={styles.registerUnavailable}
          onRetry={() => void company.refetch()}
          isRetrying={company.isFetching}
        />
      )}
    </div>
  );
}
