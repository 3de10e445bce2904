import type { DOMAIN_I18N_NAMESPACE } from '@onboarding/domain';
import type { ParseKeys } from 'i18next';

/** A key of the screens' texts (src/i18n/en.json, the default namespace): a misspelt one fails the type check. */
export type TranslationKey = ParseKeys<'translation'>;

/** A key of the domain's messages (packages/domain/src/i18n/en.json), looked up with `{ ns: 'domain' }`. */
export type DomainKey = ParseKeys<typeof DOMAIN_I18N_NAMESPACE>;

type TitledPrefix<Key> = Key extends `${infer Prefix}.TITLE` ? (`${Prefix}.MESSAGE` extends TranslationKey ? Prefix : never) : never;

/** A P with both a `${P}.TITLE` and a `${P}.MESSAGE` key: the two texts of one message. */
export type TitleAndMessageKey = TitledPrefix<TranslationKey>;
