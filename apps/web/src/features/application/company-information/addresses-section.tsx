import type { AddressDraft, RegisterCompanyLookup } from '@onboarding/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui';
import { AddressFields } from '../../../lib/fields/address-fields';
import type { CompanyFormValues } from './form-values';
import styles from '../../../lib/fields/form-layout.module.css';

const sameAddress = (a: AddressDraft, b: RegisterCompanyLookup['legalAddress']) =>
  a.countryCode === b.countryCode &&
  a.county === (b.county ?? '') &&
  a.district === (b.district ?? '') &&
  a.city === b.city &&
  a.street === b.street &&
  a.postalCode === b.postalCode;

/** The legal address and, unless it is the same, the contact address (hidden, not validated and not sent when it is). */
export function AddressesSection({ register: card }: { register: RegisterCompanyLookup | undefined }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<CompanyFormValues>();
  const [legalAddress, isSame] = useWatch({ control, name: ['legalAddress', 'isContactAddressSameAsRegistrationAddress'] });

  return (
    <div className={styles.sections}>
      <AddressFields<CompanyFormValues>
        name="legalAddress"
        legend={t('APPLICATION.COMPANY_INFORMATION.SECTIONS.LEGAL_ADDRESS')}
        note={card && sameAddress(legalAddress, card.legalAddress) ? t('APPLICATION.COMPANY_INFORMATION.FROM_REGISTER') : undefined}
      />
      <Checkbox label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.SAME_AS_LEGAL')} {...register('isContactAddressSameAsRegistrationAddress')} />
      {!isSame && <AddressFields<CompanyFormValues> name="contactAddress" legend={t('APPLICATION.COMPANY_INFORMATION.SECTIONS.CONTACT_ADDRESS')} />}
    </div>
  );
}
