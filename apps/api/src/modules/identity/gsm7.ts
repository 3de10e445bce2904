// GSM 03.38 basic character set; anything else needs UCS-2, which halves the room
// (docs/eid-facts.md section 3.3).
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_SET = new Set(GSM7_BASIC);
const GSM7_MAX_CHARS = 100;
const UCS2_MAX_CHARS = 50;

export const isGsm7 = (text: string): boolean => [...text].every((char) => GSM7_SET.has(char));

export type DisplayText = { displayText: string; displayTextFormat: 'GSM-7' | 'UCS-2' };

/**
 * The text in the format SK needs, cut to what fits: 100 GSM-7 or 50 UCS-2
 * characters. The shared display text is configured for Smart-ID's 60, and
 * Estonian õ alone forces UCS-2, so cutting beats refusing to start.
 */
export const fitDisplayText = (text: string): DisplayText =>
  isGsm7(text)
    ? { displayText: text.slice(0, GSM7_MAX_CHARS), displayTextFormat: 'GSM-7' }
    : { displayText: [...text].slice(0, UCS2_MAX_CHARS).join(''), displayTextFormat: 'UCS-2' };
