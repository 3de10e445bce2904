import type { Locale } from '@onboarding/domain';

/** The prompts a person sees on the phone: PIN1 to sign in, PIN2 to sign the contract. */
export type MobileIdPrompt = 'signIn' | 'signing';

export type MobileIdLanguage = 'EST' | 'ENG' | 'RUS' | 'LIT';

/** The phone prompt's language for the person's UI language (docs/eid-facts.md section 3.3). */
export const MOBILE_ID_LANGUAGES: Record<Locale, MobileIdLanguage> = { et: 'EST', en: 'ENG', ru: 'RUS' };

/*
 * What the phone shows with each prompt, in the person's language. Each must
 * fit Mobile-ID's room: 100 characters in GSM-7, 50 in UCS-2, which Estonian
 * õ, š, ž and Cyrillic need (docs/eid-facts.md sections 1.11, 3.3;
 * mobile-id-display-texts.test.ts checks them). Wording as in the glossary
 * (docs/glossary.md): ettevõtte konto, business account, счёт компании.
 */
export const MOBILE_ID_DISPLAY_TEXTS: Record<MobileIdPrompt, Record<Locale, string>> = {
  signIn: {
    et: 'Ettevõtte konto avamine',
    en: 'Opening a business account',
    ru: 'Открытие счёта компании',
  },
  signing: {
    et: 'Ettevõtte konto lepingu allkirjastamine',
    en: 'Signing the business account contract',
    ru: 'Подписание договора счёта компании',
  },
};
