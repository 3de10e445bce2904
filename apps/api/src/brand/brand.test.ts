import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLookOf } from '../modules/mail/mail-look.js';
import { renderMail } from '../modules/mail/templates/index.js';
import { createContractRenderer, type ContractFacts } from '../modules/signing/render-contract.js';
import { buildTestApp, createWebDist } from '../test/app.js';
import { SECOND_BRAND_DIR } from '../test/brands/index.js';
import { BrandError, brandAssets, DEFAULT_BRAND_DIR, loadBrand } from './index.js';
import { contrastRatio } from './contrast.js';

/** A copy of the demo brand in a folder of its own, with `change` made to its brand.json. */
function brandWith(change: (brand: Record<string, unknown>) => void, files: Record<string, string> = {}): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'brand-'));
  cpSync(DEFAULT_BRAND_DIR, directory, { recursive: true });
  const brand = JSON.parse(readFileSync(path.join(directory, 'brand.json'), 'utf8')) as Record<string, unknown>;
  change(brand);
  writeFileSync(path.join(directory, 'brand.json'), JSON.stringify(brand));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(directory, name), content);
  return directory;
}

function problemsOf(directory: string): readonly string[] {
  try {
    loadBrand(directory);
  } catch (error) {
    if (error instanceof BrandError) return error.problems;
    throw error;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return [];
}

describe('contrastRatio', () => {
  it('is WCAG’s: 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b3d91', '#0b3d91')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });
});

describe('the brand file', () => {
  it('of the demo reads whole: name, logo, colours, four screen faces with one preloaded, the contract’s faces', () => {
    const brand = loadBrand(DEFAULT_BRAND_DIR);
    expect(brand.name).toBe('Pank AS');
    expect(brand.support).toEqual({ email: 'ettevotlus@pank.ee', phone: '+372 600 0000' });
    expect(brand.logo.svg).toMatch(/^<svg/);
    expect(brand.typeface.screen).toHaveLength(4);
    expect(brand.typeface.screen.filter((face) => face.preload)).toHaveLength(1);
    expect(brand.typeface.document.regular.length).toBeGreaterThan(100_000);
  });

  it('names every problem at once', () => {
    const problems = problemsOf(
      brandWith(
        (brand) => {
          brand.logo = 'missing.svg';
          brand.colours = { ...(brand.colours as object), primary: '#7aa7ff', focusRing: 'blue' };
          brand.slogan = 'The best bank';
        },
        { 'other.svg': '<svg viewBox="0 0 10 10"><script>alert(1)</script></svg>' },
      ),
    );
    // A schema error stops before the files are read: the colour and the unknown key are named together.
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^colours\.focusRing: must be a colour/), expect.stringMatching(/^\(file\): .*slogan/)]),
    );
  });

  it('names each pairing that fails contrast, a logo that is no drawing, and missing files', () => {
    const problems = problemsOf(
      brandWith(
        (brand) => {
          brand.logo = 'logo-with-script.svg';
          brand.colours = { ...(brand.colours as object), primary: '#7aa7ff', onPrimary: '#ffffff' };
          (brand.typeface as { document: { bold: string } }).document.bold = 'fonts/bold.ttf';
        },
        { 'logo-with-script.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="x()"><script>alert(1)</script></svg>' },
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^colours\.primary on #ffffff \(links and primary text on white\) has contrast 2\.\d\d:1; at least 4\.5:1/),
        expect.stringMatching(/^colours\.onPrimary on colours\.primary /),
        'logo: has a script or foreign content; a logo is a drawing only',
        'logo: has an event handler attribute (on…=); a logo is a drawing only',
        'typeface.document.bold: fonts/bold.ttf is not found',
      ]),
    );
  });

  it('refuses a document face without the Estonian and Russian letters, a screen face that is not WOFF2, and a path out of its folder', () => {
    const problems = problemsOf(
      brandWith((brand) => {
        const typeface = brand.typeface as { screen: { file: string }[]; document: { regular: string } };
        typeface.document.regular = 'npm:@fontsource-variable/inter/files/inter-greek-wght-normal.woff2';
        typeface.screen[1]!.file = 'npm:dejavu-fonts-ttf/ttf/DejaVuSans.ttf';
        typeface.screen[2]!.file = '../../etc/passwd';
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^typeface\.document\.regular: the font has no Õ Ö Ü Š Ž õ ä ö ü š ž А and \d+ more$/),
        'typeface.screen.1.file: npm:dejavu-fonts-ttf/ttf/DejaVuSans.ttf is not a WOFF2 font',
        'typeface.screen.2.file: ../../etc/passwd is not found',
      ]),
    );
  });
});

const facts: ContractFacts = {
  applicationNumber: 100004,
  bankName: 'Näidispank AS',
  date: '2026-11-21',
  company: { businessName: 'Jõeorg OÜ', registryCode: '19013347', legalAddress: 'Akadeemia tee 21, Tallinn', email: 'info@joeorg.ee', phone: '+372 5123 4567' },
  representative: { name: 'Jaak-Kristjan Jõeorg', personalId: '38001085718', basis: 'MANAGEMENT_BOARD_MEMBER' },
  openingReasons: { reasons: ['DOMESTICSETTLEMENTS'] },
  discrepancies: [],
};

describe('a second brand', () => {
  const second = loadBrand(SECOND_BRAND_DIR);
  const demo = loadBrand(DEFAULT_BRAND_DIR);
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = createWebDist();
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="et"><head><meta name="page-settings" content="" /><link rel="stylesheet" href="/start/assets/app.css"></head><body><div id="root"></div></body></html>',
    );
    app = await buildTestApp({ WEB_DIST_DIR: dist, BRAND_DIR: SECOND_BRAND_DIR });
  });
  afterAll(async () => {
    await app.close();
  });

  it('changes the screens: its colours, typeface and logo, in the page after the app’s styles, allowed by the CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/start/' });
    const assets = brandAssets(second);
    expect(page.body).toContain(`<style>${assets.css}</style>`);
    expect(page.body.indexOf('<style>')).toBeGreaterThan(page.body.indexOf('app.css'));
    expect(assets.css).toContain('--color-brand:#6b1d4f');
    expect(assets.css).toContain("--font-family:'Second Sans', system-ui");
    expect(assets.css).not.toContain(demo.colours.primary);
    expect(page.body).toContain(`<link rel="preload" href="${assets.preloadPath ?? ''}" as="font" type="font/woff2" crossorigin />`);
    expect(page.headers['content-security-policy']).toContain(`style-src 'self' ${assets.cssSource}`);
    // The page settings name the logo and the bank, for the header's <img>.
    expect(page.body).toContain(`&quot;bankName&quot;:&quot;Näidispank AS&quot;,&quot;logoPath&quot;:&quot;${assets.logoPath}&quot;`);

    const logo = await app.inject({ method: 'GET', url: assets.logoPath });
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.body).toContain('#6b1d4f');
    const font = await app.inject({ method: 'GET', url: assets.preloadPath ?? '' });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    const mailLogo = await app.inject({ method: 'GET', url: assets.mailLogoPath });
    expect(mailLogo.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(mailLogo.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('changes the mails: its logo, colour, typeface and name', async () => {
    const params = {
      representativeName: 'Mari Maasikas',
      businessName: 'Näidis OÜ',
      applicationNumber: 100042,
      isIdCardOffered: true,
      link: 'http://localhost:3000/start/application?processId=1',
      supportEmail: second.support.email,
      supportPhone: second.support.phone,
    };
    const mail = await renderMail('SAVE_AND_CONTINUE_LATER', 'et', params, mailLookOf(second, 'https://naidispank.example'));
    const demoMail = await renderMail('SAVE_AND_CONTINUE_LATER', 'et', params, mailLookOf(demo, 'https://naidispank.example'));
    expect(mail.html).toContain(`src="https://naidispank.example${brandAssets(second).mailLogoPath}"`);
    expect(mail.html).toContain('alt="Näidispank AS"');
    expect(mail.html).toContain('background:#6b1d4f');
    expect(mail.html).toContain('Second Sans');
    expect(demoMail.html).not.toContain('#6b1d4f');
    expect(mail.text).toBe(demoMail.text);
  });

  it('changes the contract: its name on every page, its typeface, its logo', async () => {
    const pdf = await createContractRenderer(second)(facts, 'en');
    const demoPdf = await createContractRenderer(demo)({ ...facts, bankName: 'Pank AS' }, 'en');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('Näidispank AS');
    // The embedded font subsets are named after their faces.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(demoPdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter/);
    expect(demoPdf.toString('latin1')).not.toContain('DejaVu');
  });
});
