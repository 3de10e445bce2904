// One chunk per language: the screens' texts and the domain's messages arrive together.
export { default as translation } from '../ru.json';
export { default as domain } from '@onboarding/domain/i18n/ru.json';
