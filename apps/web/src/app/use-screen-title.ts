import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMatches, type UIMatch } from 'react-router';
import type { TranslationKey } from '../i18n/keys';
import type { RouteHandle } from './route-handle';

/** The i18n key of the deepest matched route's title. */
export function useScreenTitleKey(): TranslationKey | undefined {
  return screenTitleKey(useMatches());
}

/** The title key of the deepest of `matches` that has one. */
export function screenTitleKey(matches: readonly Pick<UIMatch, 'handle'>[]): TranslationKey | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

/** docs/requirements.md section 2: the page title is the screen title followed by the product name. */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const titleKey = useScreenTitleKey();
  useEffect(() => {
    document.title = documentTitle(t, titleKey);
  }, [t, titleKey, i18n.language]);
}

/** docs/requirements.md section 2: the screen title, then the product name. The server renderer writes the same into the page. */
export function documentTitle(t: TFunction, titleKey: TranslationKey | undefined): string {
  const productName = t('PRODUCT.NAME');
  return titleKey ? `${t(titleKey)} — ${productName}` : productName;
}
