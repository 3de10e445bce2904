import { Trans } from 'react-i18next';
import { readPageSettings } from './page-settings';

/** A translated sentence whose <email> and <phone> parts link to the support contacts. */
export function SupportContacts({ i18nKey }: { i18nKey: string }) {
  const { supportEmail, supportPhone } = readPageSettings();
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ email: supportEmail, phone: supportPhone }}
      components={{
        email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>,
        phone: <a href={`tel:${supportPhone.replaceAll(' ', '')}`}>{supportPhone}</a>,
      }}
    />
  );
}
