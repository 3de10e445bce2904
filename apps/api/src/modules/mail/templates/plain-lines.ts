/** Format characters (bidi controls, zero-width) and lone surrogates: they reorder or hide what the reader sees. */
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;
/** Control characters other than the line feed, and tabs: one space each. */
const CONTROLS = /[^\S\n]|[\p{Cc}\p{Zl}\p{Zp}]/gu;

/**
 * What a bank's manager wrote for the applicant, as plain lines: its own line breaks kept, nothing that hides or
 * reorders text, no empty lines. The layout escapes it for the HTML part.
 */
export function plainLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .replace(CONTROLS, (character) => (character === '\n' ? '\n' : ' '))
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line.length > 0);
}
