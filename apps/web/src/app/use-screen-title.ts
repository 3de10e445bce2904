import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { TranslationKey } from '../i18n/keys';
import type { RouteHandle } from './route-handle';

/** The i18n key of the deepest matched route's title. */
export function useScreenTitleKey(): TranslationKey | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

/** SPEC.md section 2: the page title is the screen title followed by the product name. */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const titleKey = useScreenTitleKey();
  useEffect(() => {
    const productName = t('PRODUCT.NAME');
    document.title = titleKey ? `${t(titleKey)} — ${productName}` : productName;
  }, [t, titleKey, i18n.language]);
}
