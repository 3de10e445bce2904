import type { SignInMessageKey } from '../sign-in-errors.js';
import type { ValidationCode } from '../validation/codes.js';

/** The i18next namespace the web app loads src/i18n/<locale>.json into. */
export const DOMAIN_I18N_NAMESPACE = 'domain';

/** Key of a validation message; pass the params as interpolation values. */
export const validationMessageKey = (code: ValidationCode): `VALIDATION.${ValidationCode}` => `VALIDATION.${code}`;

/** Keys of the title and message of a sign-in error (docs/requirements.md section 8). */
export const signInMessageKeys = (key: SignInMessageKey) => ({ title: `${key}.TITLE`, message: `${key}.MESSAGE` }) as const;
