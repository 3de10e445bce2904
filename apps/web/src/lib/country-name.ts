/**
 * A country's name in the UI language, from the browser's own data (no text
 * of ours to translate); the code itself when the browser has no name for it.
 */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
