import { relatedPersonSchema, shareholdingSchema, type Locale, type RelatedPerson } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatCalendarDate } from '../../../lib/formats';
import type { SummaryRows } from './summary-row';

// The step's shape without its whole-list rules: those need the company and the representative, and the review checks them.
const relatedPersonsShape = z.object({ shareholders: z.array(shareholdingSchema), relatedPersons: z.array(relatedPersonSchema) });

/**
 * A person's name with what tells them apart from a namesake (several test persons share one name): the personal
 * code (a legal entity's registry code), else the birth date.
 */
function personLabel(person: RelatedPerson, t: TFunction, locale: Locale): string {
  if (person.type === 'LEGAL_ENTITY') return [person.businessName, person.registryCode].filter(Boolean).join(', ');
  const identifier = person.personalId || t('APPLICATION.RELATED_PERSONS.SUMMARY.BORN', { date: formatCalendarDate(person.birthDate, locale) });
  return `${person.firstName} ${person.lastName}, ${identifier}`;
}

/** Each related person by name and identifier, with their roles; a shareholder's role carries the share of the applicant. */
export function relatedPersonsRows(data: unknown, t: TFunction, locale: Locale): SummaryRows {
  const parsed = relatedPersonsShape.safeParse(data);
  if (!parsed.success) return null;
  const { shareholders, relatedPersons } = parsed.data;
  if (relatedPersons.length === 0)
    return [{ id: 'relatedPersons', label: t('SCREENS.RELATED_PERSONS.TITLE'), value: t('APPLICATION.OVERVIEW.SUMMARY.NO_RELATED_PERSONS') }];
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return relatedPersons.map((person) => {
    const holding = shareholders.find((shareholding) => shareholding.personId === person.id);
    const share = holding ? t('APPLICATION.OVERVIEW.SUMMARY.SHAREHOLDER_WITH_SHARE', { percent: percent.format(holding.sharePercent / 100) }) : null;
    const roles = person.roles.map((role) => (role === 'SHAREHOLDER' && share ? share : t(`APPLICATION.OVERVIEW.SUMMARY.ROLES.${role}`)));
    const details = [
      ...(person.type === 'LEGAL_ENTITY' ? [t('APPLICATION.OVERVIEW.SUMMARY.LEGAL_ENTITY')] : []),
      ...roles,
      // A holding of the applicant is a shareholding whatever the roles say.
      ...(share && !person.roles.includes('SHAREHOLDER') ? [share] : []),
    ];
    return { id: person.id, label: personLabel(person, t, locale), value: details };
  });
}
