import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui';
import type { PrivatePersonFormValues } from './person-form-values';
import formStyles from '../../../lib/fields/form-layout.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/**
 * The roles the user chooses: management and supervisory board member.
 * Shareholder follows from a share, beneficial owner from its answer, and
 * the representative is the signed-in person (docs/requirements.md section 3 roles).
 */
export function RolesFields({ isRepresentative }: { isRepresentative: boolean }) {
  const { t } = useTranslation();
  const { register } = useFormContext<PrivatePersonFormValues>();
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t(`${RP}.SECTIONS.ROLES`)}</legend>
      {isRepresentative && <p className={formStyles.muted}>{t(`${RP}.ROLES_REPRESENTATIVE_NOTE`)}</p>}
      <Checkbox label={t(`${RP}.ROLES.MANAGEMENT_BOARD_MEMBER`)} {...register('isManagementBoardMember')} />
      <Checkbox label={t(`${RP}.ROLES.SUPERVISORY_BOARD_MEMBER`)} {...register('isSupervisoryBoardMember')} />
      <p className={formStyles.muted}>{t(`${RP}.ROLES_HINT`)}</p>
    </fieldset>
  );
}
