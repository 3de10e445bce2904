import { relatedPersonSchema, shareholdingSchema, type Locale, type RelatedPerson } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { SummaryRows } from './summary-row';

// The step's shape without its whole-list rules: those need the company and the representative, and the review checks them.
const relatedPersonsShape = z.object({ shareholders: z.array(shareholdingSchema), relatedPersons: z.array(relatedPersonSchema) });

const personName = (person: RelatedPerson): string => (person.type === 'LEGAL_ENTITY' ? person.businessName : `${person.firstName} ${person.lastName}`);

/** Each related person by name, with their roles and their share of the applicant. */
export function relatedPersonsRows(data: unknown, t: TFunction, locale: Locale): SummaryRows {
  const parsed = relatedPersonsShape.safeParse(data);
  if (!parsed.success) return null;
  const { shareholders, relatedPersons } = parsed.data;
  if (relatedPersons.length === 0)
    return [{ id: 'relatedPersons', label: t('SCREENS.RELATED_PERSONS.TITLE'), value: t('APPLICATION.OVERVIEW.SUMMARY.NO_RELATED_PERSONS') }];
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return relatedPersons.map((person) => {
    const holding = shareholders.find((shareholding) => shareholding.personId === person.id);
    const details = [
      ...(person.type === 'LEGAL_ENTITY' ? [t('APPLICATION.OVERVIEW.SUMMARY.LEGAL_ENTITY')] : []),
      ...person.roles.map((role) => t(`APPLICATION.OVERVIEW.SUMMARY.ROLES.${role}`)),
      ...(holding ? [t('APPLICATION.OVERVIEW.SUMMARY.SHARE', { percent: percent.format(holding.sharePercent / 100) })] : []),
    ];
    return { id: person.id, label: personName(person), value: details };
  });
}
