import { formatAddress, type AddressDraft, type RegisterCompanyLookup } from '@onboarding/domain';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox } from '../../../ui';
import { countryName } from '../../../lib/country-name';
import { AddressFields } from '../../../lib/fields/address-fields';
import { RegisterFacts } from '../../../lib/fields/register-facts';
import type { CompanyFormValues } from './form-values';
import styles from '../../../lib/fields/form-layout.module.css';

const sameAddress = (a: AddressDraft, b: RegisterCompanyLookup['legalAddress']) =>
  a.countryCode === b.countryCode &&
  a.county === (b.county ?? '') &&
  a.district === (b.district ?? '') &&
  a.city === b.city &&
  a.street === b.street &&
  a.postalCode === b.postalCode;

/**
 * The legal address and, unless it is the same, the contact address (hidden, not validated and not sent when it is).
 * The register's legal address is a fact to read: its fields open only when the person says it has changed (the
 * overview then shows the difference to the bank) or when something in it needs correcting.
 */
export function AddressesSection({ register: card }: { register: RegisterCompanyLookup | undefined }) {
  const { t, i18n } = useTranslation();
  const { register, control, formState, setFocus } = useFormContext<CompanyFormValues>();
  const [legalAddress, isSame] = useWatch({ control, name: ['legalAddress', 'isContactAddressSameAsRegistrationAddress'] });
  const [isChanging, setIsChanging] = useState(false);
  const isRegisters = card !== undefined && sameAddress(legalAddress, card.legalAddress);
  const isFact = isRegisters && !isChanging && formState.errors.legalAddress === undefined;

  useEffect(() => {
    if (isChanging) setFocus('legalAddress.countryCode');
  }, [isChanging, setFocus]);

  return (
    <div className={styles.sections}>
      {isFact ? (
        <section className={styles.section} aria-labelledby="legal-address-title">
          <h2 id="legal-address-title" className={styles.legend}>
            {t('APPLICATION.COMPANY_INFORMATION.SECTIONS.LEGAL_ADDRESS')}
          </h2>
          <RegisterFacts>
            <p className={styles.fact}>{formatAddress(legalAddress, { country: (code) => countryName(code, i18n.language) })}</p>
          </RegisterFacts>
          <div>
            <Button variant="link" onClick={() => setIsChanging(true)}>
              {t('APPLICATION.COMPANY_INFORMATION.CHANGE_LEGAL_ADDRESS')}
            </Button>
          </div>
        </section>
      ) : (
        <AddressFields<CompanyFormValues>
          name="legalAddress"
          legend={t('APPLICATION.COMPANY_INFORMATION.SECTIONS.LEGAL_ADDRESS')}
          note={isRegisters ? t('APPLICATION.COMPANY_INFORMATION.FROM_REGISTER') : undefined}
        />
      )}
      <Checkbox label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.SAME_AS_LEGAL')} {...register('isContactAddressSameAsRegistrationAddress')} />
      {!isSame && <AddressFields<CompanyFormValues> name="contactAddress" legend={t('APPLICATION.COMPANY_INFORMATION.SECTIONS.CONTACT_ADDRESS')} />}
    </div>
  );
}
