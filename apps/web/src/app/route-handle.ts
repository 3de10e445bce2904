import type { ErrorKind } from '../features/outcomes/error-page';

/** Route metadata: the i18n key of the screen title, and for the screens under /error which one it is. */
export type RouteHandle = { titleKey: string; errorKind?: ErrorKind };
