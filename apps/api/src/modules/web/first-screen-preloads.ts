import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE_PATH, LOCALES, type Locale } from '@onboarding/domain';

/** What Vite's build manifest says of each module that became a chunk (apps/web/vite.config.ts: build.manifest). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The web app's modules a first screen waits for once the entry has run: the sign-in screen, and the texts of a language (apps/web/src/i18n/i18n.ts). */
const SIGN_IN_SCREEN = 'src/features/auth/authentication-page.tsx';
const textsOf = (locale: Locale) => `src/i18n/catalogues/${locale}.ts`;

export type FirstScreenPreloads = {
  /**
   * `<link>` tags that fetch what the page will ask for next, alongside the entry instead of after it ran.
   * When the page carries the sign-in screen drawn by the server (`isSignInScreenDrawn`), its styles are
   * applied at once instead of fetched for later.
   */
  linksFor(locale: Locale, isSignInScreen: boolean, options?: { isSignInScreenDrawn?: boolean }): string;
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
  const linksOf = (key: string, areStylesApplied = false): string[] =>
    [...closure(key)]
      .filter((chunk) => !inIndex.has(chunk))
      .flatMap((chunk) => {
        const { file, css = [] } = manifest[chunk] as ManifestChunk;
        return [...css.map((style) => styleLink(style, areStylesApplied)), `<link rel="modulepreload" crossorigin href="${BASE_PATH}${file}">`];
      });

  const signIn = linksOf(SIGN_IN_SCREEN);
  const signInDrawn = linksOf(SIGN_IN_SCREEN, true);
  const texts = Object.fromEntries(LOCALES.map((locale) => [locale, linksOf(textsOf(locale))])) as Record<Locale, string[]>;
  return {
    linksFor: (locale, isSignInScreen, { isSignInScreenDrawn = false } = {}) => {
      const screen = isSignInScreen ? (isSignInScreenDrawn ? signInDrawn : signIn) : [];
      return [...new Set([...texts[locale], ...screen])].join('');
    },
  };
}
