import type { DOMAIN_I18N_NAMESPACE } from '@onboarding/domain';
import type domain from '@onboarding/domain/i18n/en.json';
import type translation from './en.json';

/*
 * Every t() key, <Trans i18nKey> and TFunction is checked against the English texts: a missing or misspelt
 * key fails the type check. English stands for every language (i18n.test.ts and the domain's catalogue
 * test prove et and ru have exactly its keys). docs/decisions/0011-typed-translation-keys.md
 */
declare module 'i18next' {
  // An interface, not a type: only an interface merges with i18next's own declaration.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation;
      [DOMAIN_I18N_NAMESPACE]: typeof domain;
    };
    // No call passes a default text, so none may stand in for a missing key either.
    strictKeyChecks: true;
  }
}
