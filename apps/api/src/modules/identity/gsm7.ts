// GSM 03.38 basic character set; anything else needs UCS-2, which halves the room
// (docs/eid-facts.md sections 1.11, 3.3). The extension table (€, [, ] …) is left
// out: its characters take two septets each, so such a text goes as UCS-2.
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_SET = new Set(GSM7_BASIC);

export type DisplayTextFormat = 'GSM-7' | 'UCS-2';

/** Mobile-ID's displayText room: 100 characters in GSM-7, 50 in UCS-2. */
export const DISPLAY_TEXT_MAX_CHARS: Record<DisplayTextFormat, number> = { 'GSM-7': 100, 'UCS-2': 50 };

export const isGsm7 = (text: string): boolean => [...text].every((char) => GSM7_SET.has(char));

/** GSM-7 when GSM-7 can carry the text, else UCS-2. */
export const displayTextFormatOf = (text: string): DisplayTextFormat => (isGsm7(text) ? 'GSM-7' : 'UCS-2');

/** Whether the text fits its format's room (characters, not UTF-16 units). */
export const fitsDisplayText = (text: string, format: DisplayTextFormat): boolean =>
  (format === 'UCS-2' || isGsm7(text)) && [...text].length <= DISPLAY_TEXT_MAX_CHARS[format];

export type DisplayText = { displayText: string; displayTextFormat: DisplayTextFormat };

/**
 * The text in the format it needs, cut to what fits. The configured texts fit
 * already (mobile-id-display-texts.test.ts); the cut keeps a longer text that a
 * caller passes from making SK refuse the start with 400.
 */
export const fitDisplayText = (text: string): DisplayText => {
  const format = displayTextFormatOf(text);
  return { displayText: [...text].slice(0, DISPLAY_TEXT_MAX_CHARS[format]).join(''), displayTextFormat: format };
};
