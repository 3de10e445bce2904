import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/fields/options';
import type { PersonValues } from './form-values';
import { formatCalendarDate } from '../../../lib/formats';
import { usePersonName } from './person-names';

const RP = 'APPLICATION.RELATED_PERSONS';

/**
 * A person's name with what tells them apart from a namesake: the personal
 * code (a legal entity's registry code), else the birth date, then the roles,
 * e.g. "OK TESTNUMBER, 40404049985, shareholder". For links that name one of
 * several people of the same name.
 */
export function usePersonLabel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameOf = usePersonName();
  return (person: PersonValues): string => {
    const identifier =
      person.type === 'LEGAL_ENTITY'
        ? person.registryCode?.trim()
        : person.personalId?.trim() || (person.birthDate ? t(`${RP}.SUMMARY.BORN`, { date: formatCalendarDate(person.birthDate, locale) }) : undefined);
    const roles = person.roles.map((role) => t(`${RP}.ROLES.${role}`).toLocaleLowerCase(locale));
    return [nameOf(person), identifier, ...roles].filter(Boolean).join(', ');
  };
}
