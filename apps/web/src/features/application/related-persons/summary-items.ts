import type { RelatedPersonsViolation } from '@onboarding/domain';
import type { PersonValues } from './form-values';
import type { PersonFieldIssue } from './violations';

/**
 * One line of the summary and the persons it links to, by their place in the
 * list. A rule names its persons after its text; a person's own line (what
 * they lack) is itself the link to their card.
 */
export type SummaryItem = { key: string; kind: 'rule' | 'person'; text: string; personIndexes: number[] };

export type SummaryInput = {
  persons: readonly PersonValues[];
  violations: readonly RelatedPersonsViolation[];
  missingCounts: readonly number[];
  fieldIssues: readonly PersonFieldIssue[];
  violationText: (violation: RelatedPersonsViolation) => string;
  /** "Complete the details of Mari Maasikas, 48507074564, shareholder (missing: 6)". */
  missingText: (person: PersonValues, count: number) => string;
  /** "Correct the details of Mari Maasikas, 48507074564, shareholder", for what only the server found. */
  correctText: (person: PersonValues) => string;
};

/**
 * What stands between the user and Continue, in the order to fix it: the
 * whole-list rules first (they may need persons added or shares changed),
 * then each person's missing details, then what only the server refused.
 */
export function summaryItems({ persons, violations, missingCounts, fieldIssues, violationText, missingText, correctText }: SummaryInput): SummaryItem[] {
  const indexOf = new Map(persons.map((person, index) => [person.id, index]));
  const rules = violations.map((violation, at) => ({
    key: `rule:${violation.code}:${String(at)}`,
    kind: 'rule' as const,
    text: violationText(violation),
    personIndexes: violation.personIds.flatMap((id) => {
      const index = indexOf.get(id);
      return index === undefined ? [] : [index];
    }),
  }));
  const missing = persons.flatMap((person, index) => {
    const count = missingCounts[index] ?? 0;
    return count > 0 ? [{ key: `missing:${person.id}`, kind: 'person' as const, text: missingText(person, count), personIndexes: [index] }] : [];
  });
  const refused = persons.flatMap((person, index) =>
    (missingCounts[index] ?? 0) === 0 && fieldIssues.some((issue) => issue.personId === person.id)
      ? [{ key: `server:${person.id}`, kind: 'person' as const, text: correctText(person), personIndexes: [index] }]
      : [],
  );
  return [...rules, ...missing, ...refused];
}
