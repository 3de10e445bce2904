import { useTranslation } from 'react-i18next';
import type { PersonValues } from './form-values';

/** A person's name as typed: first and last name, or a legal entity's business name; '' while there is none. */
export function personName(person: PersonValues): string {
  if (person.type === 'LEGAL_ENTITY') return person.businessName?.trim() ?? '';
  return [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The name to show, with a stand-in for a person whose name is not filled in yet. */
export function usePersonName() {
  const { t } = useTranslation();
  return (person: PersonValues): string =>
    personName(person) || t(person.type === 'LEGAL_ENTITY' ? 'APPLICATION.RELATED_PERSONS.UNNAMED_ENTITY' : 'APPLICATION.RELATED_PERSONS.UNNAMED_PERSON');
}
