import type { CompanyRepresentation, RegisterPersonData, RepresentationRule, RepresentativeRole } from '@onboarding/domain';

/** A person the card names with a right of representation, in the register's role. */
export type CardRepresentative = { person: RegisterPersonData; role: RepresentativeRole };

/*
 * The register writes a joint rule in Estonian free text (docs/register-facts.md section 5). Only the plain forms
 * are read: "[vähemalt] kaks juhatuse liiget ühiselt" (a number of members together) and "kõik juhatuse liikmed
 * ühiselt" (all of them). Anything else is UNKNOWN: a person at the bank reads it, which is safer than a guess.
 */
const NUMBER_WORDS: Readonly<Record<string, number>> = { kaks: 2, kolm: 3, neli: 4, viis: 5, kuus: 6, seitse: 7 };
// JavaScript's \b knows only ASCII letters: "ühiselt" needs a boundary of its own.
const START = '(?<![\\p{L}\\d])';
const END = '(?![\\p{L}\\d])';
const TOGETHER = `${START}(?:ühiselt|koos|üheskoos)${END}`;
const COUNT = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const SOME_MEMBERS = new RegExp(`${START}(?:vähemalt\\s+)?${COUNT}\\s+juhatuse\\s+liiget?${END}[^.]*?${TOGETHER}`, 'u');
const ALL_MEMBERS = new RegExp(`${START}kõik\\s+juhatuse\\s+liikmed${END}[^.]*?${TOGETHER}`, 'u');

/** The rule one special condition's text states, or undefined when the text is not one the product reads. */
export const ruleOfText = (text: string): RepresentationRule | undefined => {
  const lower = text.toLocaleLowerCase('et').replace(/\s+/gu, ' ');
  if (ALL_MEMBERS.test(lower)) return { kind: 'ALL_JOINTLY' };
  const some = SOME_MEMBERS.exec(lower);
  if (!some?.[1]) return undefined;
  const count = NUMBER_WORDS[some[1]] ?? Number(some[1]);
  return Number.isInteger(count) && count >= 2 ? { kind: 'JOINTLY', count } : undefined;
};

/**
 * The board's rule from the special conditions: none means the Commercial Code's default, every member alone; one
 * the product reads gives the number; conditions of which none reads as a rule leave it UNKNOWN.
 */
export const ruleOfConditions = (conditions: readonly string[]): RepresentationRule => {
  if (conditions.length === 0) return { kind: 'EACH_ALONE' };
  for (const text of conditions) {
    const rule = ruleOfText(text);
    if (rule) return rule;
  }
  return { kind: 'UNKNOWN' };
};

/** A person's key in esindus_v2's answer: their personal code and its country. */
export const representativeKey = (personalId: string, countryCode: string) => `${countryCode.toUpperCase()}:${personalId}`;

/**
 * The company's representation: the card's representatives, each with the register's own answer to "may this person
 * act alone" where esindus_v2 gave one (`alone`, by representativeKey), else what the rule says: with no special
 * condition everyone acts alone, with one nobody is taken to.
 */
export const representationFromCard = (
  representatives: readonly CardRepresentative[],
  conditions: readonly string[],
  alone: ReadonlyMap<string, boolean>,
): CompanyRepresentation => {
  const rule = ruleOfConditions(conditions);
  return {
    rule,
    specialConditions: [...conditions],
    representatives: representatives.map(({ person, role }) => {
      const answer = person.personalId === undefined ? undefined : alone.get(representativeKey(person.personalId, person.personalIdCountryCode));
      return {
        firstName: person.firstName,
        lastName: person.lastName,
        ...(person.personalId === undefined ? {} : { personalId: person.personalId }),
        personalIdCountryCode: person.personalIdCountryCode,
        role,
        mayActAlone: answer ?? conditions.length === 0,
      };
    }),
  };
};
