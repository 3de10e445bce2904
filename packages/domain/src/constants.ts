/** Languages of the product (SPEC.md section 9); the first is the default. */
export const LOCALES = ['et', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'et';
