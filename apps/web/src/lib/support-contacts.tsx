import { Trans } from 'react-i18next';
import { readPageSettings } from './page-settings';

/** The texts that name the support contacts as <email>{{email}}</email> and <phone>{{phone}}</phone>. */
export type SupportContactsKey =
  | 'LAYOUT.FOOTER_SUPPORT'
  | 'ERROR.BOUNDARY.SUBTITLE'
  | 'ERRORS.GENERAL.MESSAGE'
  | 'OUTCOMES.CANNOT_OPEN.MESSAGE'
  | 'OUTCOMES.BRANCHES.CONTACT'
  | 'OUTCOMES.APPLICATION_SUPERSEDED.MESSAGE'
  | 'OUTCOMES.STARTED_WITH_OTHER_REPRESENTATIVE.MESSAGE'
  | 'SUCCESS.TIMELINE.DECLINED.CONTACT'
  | 'CHOOSE_COMPANY.MANUAL.MANAGER';

/** A translated sentence whose <email> and <phone> parts link to the support contacts. */
export function SupportContacts({ i18nKey }: { i18nKey: SupportContactsKey }) {
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
