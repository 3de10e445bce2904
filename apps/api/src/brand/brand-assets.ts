import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { BASE_PATH } from '@onboarding/domain';
import type { Brand } from './brand-file.js';

export type BrandFile = { body: Buffer; type: string };

/** What the brand gives the screens and the mails, made once per brand. */
export type BrandAssets = {
  /** Served under /start/brand/; each name carries a hash of its bytes, so a browser may keep it for good. */
  files: ReadonlyMap<string, BrandFile>;
  /** The logo for the screens (SVG). */
  logoPath: string;
  /** The logo for mails: PNG at twice its size, as mail programs do not show SVG. */
  mailLogoPath: string;
  /** The logo's size on a screen and in a mail, in CSS pixels (32 high). */
  logoSize: { width: number; height: number };
  /** The brand's colours and typeface as the design tokens' custom properties, and its font faces. */
  css: string;
  /** The CSP source that lets the page carry `css` in a <style> element (no extra request before the first screen). */
  cssSource: string;
  /** The one face the first screen needs, named for loading before the styles ask for it. */
  preloadPath: string | undefined;
};

const BRAND_PATH = `${BASE_PATH}brand/`;
/** Header height of the logo in CSS pixels (apps/web/src/app/layout.module.css). */
const LOGO_HEIGHT = 32;
/** The typeface's fall-backs while it loads, and where a letter lies outside its faces: the tokens' system fonts. */
const FALLBACK_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

const made = new WeakMap<Brand, BrandAssets>();

export function brandAssets(brand: Brand): BrandAssets {
  let assets = made.get(brand);
  if (!assets) {
    assets = makeAssets(brand);
    made.set(brand, assets);
  }
  return assets;
}

function makeAssets(brand: Brand): BrandAssets {
  const files = new Map<string, BrandFile>();
  const add = (body: Buffer, extension: string, type: string): string => {
    const name = `${BRAND_PATH}${createHash('sha256').update(body).digest('base64url').slice(0, 16)}.${extension}`;
    files.set(name, { body, type });
    return name;
  };

  const logoSize = { width: Math.round((brand.logo.width / brand.logo.height) * LOGO_HEIGHT), height: LOGO_HEIGHT };
  const logoPath = add(Buffer.from(brand.logo.svg), 'svg', 'image/svg+xml');
  const png = new Resvg(brand.logo.svg, { fitTo: { mode: 'height', value: LOGO_HEIGHT * 2 }, font: { loadSystemFonts: false } }).render().asPng();
  const mailLogoPath = add(png, 'png', 'image/png');

  let preloadPath: string | undefined;
  const faces = brand.typeface.screen.map((face) => {
    const facePath = add(face.bytes, 'woff2', 'font/woff2');
    if (face.preload) preloadPath = facePath;
    return `@font-face{font-family:'${brand.typeface.family}';font-style:${face.style};font-weight:${face.weight};font-display:swap;src:url(${facePath}) format('woff2');unicode-range:${face.unicodeRange}}`;
  });
  const { colours } = brand;
  const properties = {
    '--color-brand': colours.primary,
    '--color-brand-hover': colours.primaryHover,
    '--color-brand-active': colours.primaryActive,
    '--color-brand-subtle': colours.primarySubtle,
    '--color-brand-subtle-hover': colours.primarySubtleHover,
    '--color-on-brand': colours.onPrimary,
    '--color-page': colours.page,
    '--focus-ring-color': colours.focusRing,
    '--font-family': `'${brand.typeface.family}', ${FALLBACK_FONTS}`,
  };
  const root = `:root{${Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
  const css = [...faces, root].join('\n');
  const cssSource = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  return { files, logoPath, mailLogoPath, logoSize, css, cssSource, preloadPath };
}
