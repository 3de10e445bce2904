import type { Locale } from '@onboarding/domain';
import type { MailContent } from './layout.js';

/**
 * One mail in every product language (docs/requirements.md section 1: ET, EN, RU); the type makes a missing language a
 * compile error.
 */
export type MailTemplate<Params> = Record<Locale, (params: Params) => MailContent>;
