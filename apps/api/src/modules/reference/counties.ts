import type { LocalizedName } from '@onboarding/domain';

export type CountyName = { code: string; name: LocalizedName };

/**
 * Estonia's 15 counties (maakond) with their ISO 3166-2 codes, which changed
 * for eleven counties after the 2017 administrative reform redrew their borders.
 */
export const COUNTIES: readonly CountyName[] = [
  { code: 'EE-37', name: { et: 'Harju maakond', en: 'Harju County', ru: 'Харьюский уезд' } },
  { code: 'EE-39', name: { et: 'Hiiu maakond', en: 'Hiiu County', ru: 'Хийуский уезд' } },
  { code: 'EE-45', name: { et: 'Ida-Viru maakond', en: 'Ida-Viru County', ru: 'Ида-Вируский уезд' } },
  { code: 'EE-50', name: { et: 'Jõgeva maakond', en: 'Jõgeva County', ru: 'Йыгеваский уезд' } },
  { code: 'EE-52', name: { et: 'Järva maakond', en: 'Järva County', ru: 'Ярваский уезд' } },
  { code: 'EE-56', name: { et: 'Lääne maakond', en: 'Lääne County', ru: 'Ляэнеский уезд' } },
  { code: 'EE-60', name: { et: 'Lääne-Viru maakond', en: 'Lääne-Viru County', ru: 'Ляэне-Вируский уезд' } },
  { code: 'EE-64', name: { et: 'Põlva maakond', en: 'Põlva County', ru: 'Пылваский уезд' } },
  { code: 'EE-68', name: { et: 'Pärnu maakond', en: 'Pärnu County', ru: 'Пярнуский уезд' } },
  { code: 'EE-71', name: { et: 'Rapla maakond', en: 'Rapla County', ru: 'Раплаский уезд' } },
  { code: 'EE-74', name: { et: 'Saare maakond', en: 'Saare County', ru: 'Сааремааский уезд' } },
  { code: 'EE-79', name: { et: 'Tartu maakond', en: 'Tartu County', ru: 'Тартуский уезд' } },
  { code: 'EE-81', name: { et: 'Valga maakond', en: 'Valga County', ru: 'Валгаский уезд' } },
  { code: 'EE-84', name: { et: 'Viljandi maakond', en: 'Viljandi County', ru: 'Вильяндиский уезд' } },
  { code: 'EE-87', name: { et: 'Võru maakond', en: 'Võru County', ru: 'Выруский уезд' } },
];
