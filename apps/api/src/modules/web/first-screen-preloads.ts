import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE_PATH, LOCALES, type Locale } from '@onboarding/domain';

/** What Vite's build manifest says of each module that became a chunk (apps/web/vite.config.ts: build.manifest). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The web app's modules a first screen waits for once the entry has run: the sign-in screen, and the texts of a language (apps/web/src/i18n/i18n.ts). */
const SIGN_IN_SCREEN = 'src/features/auth/authentication-page.tsx';
const textsOf = (locale: Locale) => `src/i18n/catalogues/${locale}.ts`;

// A signed-in screen opened by its address (a reload, a link from a mail) waits for the route guard's session
// helpers, the signed-in layout and the screen's own code, one lazy import after another
// (apps/web/src/app/router.tsx, route-guard.ts): named in the page, they load together with the entry.
const SIGNED_IN = ['src/lib/auth-session.ts', 'src/lib/representative.ts', 'src/app/signed-in-layout.tsx'];
const APPLICATION = [...SIGNED_IN, 'src/app/application-route.tsx'];
const stepOf = (page: string) => [...APPLICATION, `src/features/application/${page}/${page}-page.tsx`];

/** The lazy modules of each screen, by its address under the base path. */
export const SCREEN_MODULES: Readonly<Record<string, readonly string[]>> = {
  '': [SIGN_IN_SCREEN],
  authentication: [SIGN_IN_SCREEN],
  'personal-information': [...SIGNED_IN, 'src/features/personal-info/personal-information-page.tsx'],
  'choose-company': [...SIGNED_IN, 'src/features/choose-company/choose-company-page.tsx'],
  'application/opening-reasons': stepOf('opening-reasons'),
  'application/company-information': stepOf('company-information'),
  'application/incomes': stepOf('incomes'),
  'application/related-persons': stepOf('related-persons'),
  'application/overview': stepOf('overview'),
  success: [...SIGNED_IN, 'src/features/success/success-page.tsx'],
};

/** The key of SCREEN_MODULES for a page address, e.g. /start/application/incomes; undefined for other addresses. */
export const screenOfPath = (pathname: string): string | undefined => {
  if (!pathname.startsWith(BASE_PATH) && `${pathname}/` !== BASE_PATH) return undefined;
  const screen = pathname.slice(BASE_PATH.length).replace(/\/$/, '');
  return screen in SCREEN_MODULES ? screen : undefined;
};

export type FirstScreenPreloads = {
  /**
   * `<link>` tags that fetch what the page will ask for next, alongside the entry instead of after it ran: the
   * texts of the language and the modules of the screen (a key of SCREEN_MODULES, see screenOfPath). When the
   * page carries the screen drawn by the server (`isScreenDrawn`), its styles are applied at once instead of
   * fetched for later.
   */
  linksFor(locale: Locale, screen: string | undefined, options?: { isScreenDrawn?: boolean }): string;
};

/**
 * The lazy chunks the first paint waits for are only found once the entry chunk has
 * run: a second round of requests after the first. Named in index.html, they load
 * with the entry. Without a manifest (an older build) nothing is added.
 */
export function readFirstScreenPreloads(webDistDir: string): FirstScreenPreloads {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { linksFor: () => '' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // index.html already names the entry's own static imports.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inIndex = new Set(entryKeys.flatMap((key) => [...closure(key)]));

  // A stylesheet link with the same address tells Vite's loader the screen's styles are in already.
  const styleLink = (style: string, isApplied: boolean) =>
    isApplied ? `<link rel="stylesheet" crossorigin href="${BASE_PATH}${style}">` : `<link rel="preload" as="style" crossorigin href="${BASE_PATH}${style}">`;
  const linksOf = (keys: readonly string[], areStylesApplied = false): string[] =>
    [...new Set(keys.flatMap((key) => [...closure(key)]))]
      .filter((chunk) => !inIndex.has(chunk))
      .flatMap((chunk) => {
        const { file, css = [] } = manifest[chunk] as ManifestChunk;
        return [...css.map((style) => styleLink(style, areStylesApplied)), `<link rel="modulepreload" crossorigin href="${BASE_PATH}${file}">`];
      });

  const texts = Object.fromEntries(LOCALES.map((locale) => [locale, linksOf([textsOf(locale)])])) as Record<Locale, string[]>;
  return {
    linksFor: (locale, screen, { isScreenDrawn = false } = {}) => {
      const modules = screen === undefined ? [] : linksOf(SCREEN_MODULES[screen] ?? [], isScreenDrawn);
      return [...new Set([...texts[locale], ...modules])].join('');
    },
  };
}
