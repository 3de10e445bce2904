import { CONNECTIONS_TO_ESTONIA, IDENTIFICATION_LOCATION_TYPES, RELATED_PERSON_ROLES, TAX_STATUS_ENTITY_TYPES } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import et from '../../../i18n/et.json';
import ru from '../../../i18n/ru.json';

const textAt = (translations: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), translations);

/** Keys the overview builds from the domain's lists, so a value added to a list without its text shows up here. */
const enumKeys = [
  ...TAX_STATUS_ENTITY_TYPES.flatMap((type) => [`APPLICATION.OVERVIEW.TAX.TYPES.${type}.LABEL`, `APPLICATION.OVERVIEW.TAX.TYPES.${type}.HINT`]),
  ...CONNECTIONS_TO_ESTONIA.map((connection) => `APPLICATION.OVERVIEW.CONNECTION.OPTIONS.${connection}`),
  ...IDENTIFICATION_LOCATION_TYPES.flatMap((type) => [
    `APPLICATION.OVERVIEW.IDENTIFICATION.TYPES.${type}`,
    `APPLICATION.OVERVIEW.IDENTIFICATION.PICKER.TABS.${type}`,
  ]),
  ...RELATED_PERSON_ROLES.map((role) => `APPLICATION.OVERVIEW.SUMMARY.ROLES.${role}`),
];

describe('overview texts', () => {
  it.each([
    ['en', en],
    ['et', et],
    ['ru', ru],
  ])('%s names and explains every value the overview shows', (_locale, translations) => {
    expect(enumKeys.filter((key) => typeof textAt(translations, key) !== 'string')).toEqual([]);
    // Eight tax-status types, each told apart by its own label and explanation.
    const labels = TAX_STATUS_ENTITY_TYPES.map((type) => textAt(translations, `APPLICATION.OVERVIEW.TAX.TYPES.${type}.LABEL`));
    const hints = TAX_STATUS_ENTITY_TYPES.map((type) => textAt(translations, `APPLICATION.OVERVIEW.TAX.TYPES.${type}.HINT`));
    expect(new Set(labels).size).toBe(8);
    expect(new Set(hints).size).toBe(8);
  });
});
