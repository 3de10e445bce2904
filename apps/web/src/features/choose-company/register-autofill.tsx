import { cleanRegistryCode, DEFAULT_COUNTRY_CODE, isValidRegistryCode } from '@onboarding/domain';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
 * SPEC.md section 5, auto-fill: when the typed Estonian registry code is in
 * the business register, offers its business name. The name is filled only
 * when the user asks; the offer is announced politely.
 */
export function RegisterAutofill({ form }: { form: ManualCompanyForm }) {
  const { t } = useTranslation();
  const messageId = useId();
  const [businessName, registryCode, registryCountryCode] = useWatch({
    control: form.control,
    name: ['businessName', 'registryCode', 'registryCountryCode'],
  });
  const code = lookupCode(registryCode, registryCountryCode);
  const debouncedCode = useDebouncedValue(code, LOOKUP_DELAY_MS);
  const company = useRegisterCompany(debouncedCode === null ? null : { registryCountryCode: DEFAULT_COUNTRY_CODE, registryCode: debouncedCode });
  // An answer about a code the user has since changed is not offered.
  const found = code !== null && code === debouncedCode && company.isSuccess ? company.data : undefined;
  const isOffered = found !== undefined && found.businessName !== businessName;

  const fill = () => {
    if (!found) return;
    form.setValue('businessName', found.businessName, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    // The button goes away with the offer; the filled field takes the focus.
    form.setFocus('businessName');
  };

  return (
    <div aria-live="polite" aria-atomic="true">
      {isOffered && (
        <div className={styles.autofill}>
          <p id={messageId} className={styles.autofillMessage}>
            {t('CHOOSE_COMPANY.AUTOFILL.FOUND', { name: found.businessName })}
          </p>
          <Button variant="secondary" size="small" aria-describedby={messageId} onClick={fill}>
            {t('CHOOSE_COMPANY.AUTOFILL.FILL')}
          </Button>
        </div>
      )}
    </div>
  );
}
