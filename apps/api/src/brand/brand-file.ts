import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { contrastRatio } from './contrast.js';

/**
 * The bank's brand: its name, logo, colours, typeface and support contacts, read from one folder at start
 * (BRAND_DIR, docs/decisions/0047). The screens, the mails and the contract all draw from it, so a bank puts its
 * own name on the product by writing one file.
 */
export type Brand = {
  /** The bank's legal name, as the contract and the service fee invoice name it. */
  name: string;
  support: { email: string; phone: string };
  colours: BrandColours;
  logo: { svg: string; width: number; height: number };
  typeface: {
    family: string;
    /** The screens' faces (WOFF2), each for the letters of its unicode range; at most one loaded before the first screen. */
    screen: readonly ScreenFace[];
    /** The contract's faces (TrueType or OpenType): a PDF needs one font file with every letter it writes. */
    document: { regular: Buffer; bold: Buffer };
  };
};

export type BrandColours = z.infer<typeof coloursSchema>;
export type ScreenFace = { bytes: Buffer; weight: string; style: 'normal' | 'italic'; unicodeRange: string; preload: boolean };

export class BrandError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`The brand file ${file} cannot be used:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'BrandError';
  }
}

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a colour written #rrggbb');
const coloursSchema = z.strictObject({
  /** Primary buttons, links, the selected step: text on white and on the page background. */
  primary: colour,
  primaryHover: colour,
  primaryActive: colour,
  /** Backgrounds of selected choices and notices, under primary text. */
  primarySubtle: colour,
  primarySubtleHover: colour,
  /** Text on primary buttons. */
  onPrimary: colour,
  /** The page behind the cards. */
  page: colour,
  focusRing: colour,
});

/** A file in the brand folder ("logo.svg") or in an installed package ("npm:@fontsource-variable/inter/files/…"). */
const fileReference = z.string().min(1).max(300);

const brandSchema = z.strictObject({
  name: z.string().trim().min(2).max(100),
  logo: fileReference,
  colours: coloursSchema,
  typeface: z.strictObject({
    // Written into CSS as a quoted family name: letters, digits, spaces and hyphens only.
    family: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/, 'must be letters, digits, spaces and hyphens (at most 60)'),
    screen: z
      .array(
        z.strictObject({
          file: fileReference,
          weight: z.string().regex(/^[1-9]00( [1-9]00)?$/, 'must be a weight such as "400" or a range such as "100 900"'),
          style: z.enum(['normal', 'italic']).default('normal'),
          unicodeRange: z
            .string()
            .regex(/^U\+[0-9A-F?]{1,6}(-[0-9A-F]{1,6})?(, ?U\+[0-9A-F?]{1,6}(-[0-9A-F]{1,6})?)*$/i, 'must be a CSS unicode-range such as "U+0000-00FF,U+0131"'),
          preload: z.boolean().default(false),
        }),
      )
      .min(1)
      .max(12),
    document: z.strictObject({ regular: fileReference, bold: fileReference }),
  }),
  support: z.strictObject({
    email: z.email(),
    phone: z.string().regex(/^\+?[0-9 ]{7,20}$/, 'must be a phone number such as +372 600 0000'),
  }),
});

/**
 * The weakest text colour of the design tokens (apps/web/src/styles/tokens.css) that stands on the brand's page
 * colour; the body text is darker, so it passes wherever this does.
 */
const TOKEN_TEXT_MUTED = '#4a5466';
const WHITE = '#ffffff';

/** Letters of the product's three languages and its typography (docs/glossary.md) that every face must draw. */
const REQUIRED_LETTERS = 'ÕÄÖÜŠŽõäöüšžАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя€–—„“”«»’№';

const MAX_LOGO_BYTES = 200 * 1024;

const require = createRequire(import.meta.url);
// pdfkit's own font parser, resolved as pdfkit resolves it: the contract's faces are checked by what will draw them.
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): { hasGlyphForCodePoint(code: number): boolean } };

const loaded = new Map<string, Brand>();

/** Reads and checks the brand in `directory` (its brand.json); throws BrandError naming every problem. Read once per folder. */
export function loadBrand(directory: string): Brand {
  const file = path.join(path.resolve(directory), 'brand.json');
  let brand = loaded.get(file);
  if (!brand) {
    brand = readBrand(file);
    loaded.set(file, brand);
  }
  return brand;
}

function readBrand(file: string): Brand {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BrandError(file, [error instanceof SyntaxError ? `not JSON: ${error.message}` : 'cannot be read']);
  }
  const parsed = brandSchema.safeParse(json);
  if (!parsed.success)
    throw new BrandError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
    );
  const spec = parsed.data;
  const problems: string[] = [];
  const directory = path.dirname(file);
  const read = (reference: string, field: string): Buffer | undefined => {
    const resolved = resolveReference(reference, directory);
    if (!resolved) {
      problems.push(`${field}: ${reference} is not found`);
      return undefined;
    }
    return readFileSync(resolved);
  };

  problems.push(...colourProblems(spec.colours));

  const logoBytes = read(spec.logo, 'logo');
  const logo = logoBytes ? checkLogo(logoBytes, problems) : undefined;

  const screen = spec.typeface.screen.flatMap((face, index): ScreenFace[] => {
    const bytes = read(face.file, `typeface.screen.${String(index)}.file`);
    if (!bytes) return [];
    if (bytes.subarray(0, 4).toString('latin1') !== 'wOF2') problems.push(`typeface.screen.${String(index)}.file: ${face.file} is not a WOFF2 font`);
    return [{ bytes, weight: face.weight, style: face.style, unicodeRange: face.unicodeRange, preload: face.preload }];
  });
  if (spec.typeface.screen.filter((face) => face.preload).length > 1) {
    problems.push('typeface.screen: at most one face is preloaded (the one the first screen needs)');
  }

  const documentFace = (weight: 'regular' | 'bold'): Buffer => {
    const field = `typeface.document.${weight}`;
    const bytes = read(spec.typeface.document[weight], field);
    if (!bytes) return Buffer.alloc(0);
    try {
      const font = fontkit.create(bytes);
      const missing = [...REQUIRED_LETTERS].filter((letter) => !font.hasGlyphForCodePoint(letter.codePointAt(0) ?? 0));
      const more = missing.length > 12 ? ` and ${String(missing.length - 12)} more` : '';
      if (missing.length > 0) problems.push(`${field}: the font has no ${missing.slice(0, 12).join(' ')}${more}`);
    } catch {
      problems.push(`${field}: ${spec.typeface.document[weight]} is not a TrueType or OpenType font`);
    }
    return bytes;
  };
  const document = { regular: documentFace('regular'), bold: documentFace('bold') };

  if (problems.length > 0 || !logo) throw new BrandError(file, problems);
  return { name: spec.name, support: spec.support, colours: spec.colours, logo, typeface: { family: spec.typeface.family, screen, document } };
}

/** "npm:<package>/<file>" from the installed packages; anything else inside the brand folder. */
function resolveReference(reference: string, directory: string): string | undefined {
  if (reference.startsWith('npm:')) {
    try {
      return require.resolve(reference.slice('npm:'.length));
    } catch {
      return undefined;
    }
  }
  const resolved = path.resolve(directory, reference);
  // A brand names its own files: a path out of its folder is a mistake, or worse.
  if (!resolved.startsWith(directory + path.sep)) return undefined;
  return existsSync(resolved) && statSync(resolved).isFile() ? resolved : undefined;
}

/** Every pairing the screens draw, at WCAG 2.2 AA: 4.5:1 for text, 3:1 for the focus ring. */
function colourProblems(colours: BrandColours): string[] {
  const pairs: [foreground: keyof BrandColours | string, background: keyof BrandColours | string, minimum: number, what: string][] = [
    ['primary', WHITE, 4.5, 'links and primary text on white'],
    ['primary', 'page', 4.5, 'links on the page background'],
    ['primary', 'primarySubtle', 4.5, 'text of a selected choice'],
    ['primary', 'primarySubtleHover', 4.5, 'text of a selected choice under the pointer'],
    ['onPrimary', 'primary', 4.5, 'text on a primary button'],
    ['onPrimary', 'primaryHover', 4.5, 'text on a primary button under the pointer'],
    ['onPrimary', 'primaryActive', 4.5, 'text on a pressed primary button'],
    [TOKEN_TEXT_MUTED, 'page', 4.5, 'secondary text on the page background'],
    [TOKEN_TEXT_MUTED, 'primarySubtle', 4.5, 'notes in the panel of register facts'],
    ['focusRing', WHITE, 3, 'the focus ring on white'],
    ['focusRing', 'page', 3, 'the focus ring on the page background'],
  ];
  const value = (name: string): string => (name.startsWith('#') ? name : colours[name as keyof BrandColours]);
  return pairs.flatMap(([foreground, background, minimum, what]) => {
    const ratio = contrastRatio(value(foreground), value(background));
    if (ratio >= minimum) return [];
    const name = (colourName: string) => (colourName.startsWith('#') ? colourName : `colours.${colourName}`);
    return [`${name(foreground)} on ${name(background)} (${what}) has contrast ${ratio.toFixed(2)}:1; at least ${String(minimum)}:1 is needed`];
  });
}

/** An SVG drawing with its own size; nothing in it that runs, nothing it fetches. */
function checkLogo(bytes: Buffer, problems: string[]): Brand['logo'] | undefined {
  if (bytes.length > MAX_LOGO_BYTES) {
    problems.push(`logo: ${String(bytes.length)} bytes; at most ${String(MAX_LOGO_BYTES)}`);
    return undefined;
  }
  const svg = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg\b([^>]*)>/.exec(svg);
  if (!root) {
    problems.push('logo: is not an SVG drawing (its first element must be <svg>)');
    return undefined;
  }
  const before = problems.length;
  if (/<script\b|<foreignObject\b/i.test(svg)) problems.push('logo: has a script or foreign content; a logo is a drawing only');
  if (/\son[a-z]+\s*=/i.test(svg)) problems.push('logo: has an event handler attribute (on…=); a logo is a drawing only');
  if (/(?:href|src)\s*=\s*["'](?!#)/i.test(svg) || /url\(\s*["']?(?!#)/i.test(svg)) {
    problems.push('logo: refers to another file or address; a logo carries everything it draws');
  }
  const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/.exec(root[1] ?? '');
  const width = Number(viewBox?.[1]);
  const height = Number(viewBox?.[2]);
  if (!viewBox || !(width > 0) || !(height > 0)) problems.push('logo: the <svg> element needs a viewBox with a width and height');
  else if (width / height > 8 || height / width > 2) problems.push(`logo: ${String(width)} × ${String(height)} is too wide or too tall for the header`);
  return problems.length === before ? { svg, width, height } : undefined;
}

/** The brand the product ships with, for the demo and the tests. */
export const DEFAULT_BRAND_DIR = path.resolve(import.meta.dirname, '../../brand');
