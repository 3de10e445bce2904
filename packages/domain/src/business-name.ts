/**
 * Estonian legal forms as a business name carries them, abbreviated or in full (Commercial Code § 3 and the
 * non-profit acts): left out when names are compared, since "Näidis OÜ" and "Osaühing Näidis" are one name.
 */
const LEGAL_FORM_WORDS = [
  'oü',
  'as',
  'mtü',
  'sa',
  'tü',
  'uü',
  'fie',
  'osaühing',
  'aktsiaselts',
  'mittetulundusühing',
  'sihtasutus',
  'täisühing',
  'usaldusühing',
  'tulundusühistu',
].map((word) => foldDiacritics(word));

function foldDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * What two business names must share to be the same company's: letters and digits in order, without case,
 * diacritics, punctuation or the legal form. The register refuses names this close to an existing one, so a
 * name typed by hand that meets a registered company this way is that company.
 */
export function businessNameKey(name: string): string {
  const words = foldDiacritics(name.normalize('NFKC').toLocaleLowerCase('et'))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  while (words.length > 1 && LEGAL_FORM_WORDS.includes(words[words.length - 1] ?? '')) words.pop();
  while (words.length > 1 && LEGAL_FORM_WORDS.includes(words[0] ?? '')) words.shift();
  return words.join(' ');
}
