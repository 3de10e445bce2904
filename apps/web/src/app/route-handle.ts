import type { ErrorKind } from '../features/outcomes/error-page';
import type { TranslationKey } from '../i18n/keys';

/** Route metadata: the i18n key of the screen title, and for the screens under /error which one it is. */
export type RouteHandle = { titleKey: TranslationKey; errorKind?: ErrorKind };
