import { createRequire } from 'node:module';
import { formatCalendarDate, todayInEstonia, type Discrepancy, type Locale, type OpeningReason, type RepresentationBasis } from '@onboarding/domain';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Brand } from '../../brand/index.js';
import { CONTRACT_TEXTS, type ContractTexts } from './contract-texts.js';
import { discrepancyLines } from '../mail/index.js';

/** What the contract says, gathered from the application (docs/requirements.md sections 1 and 3). */
export type ContractFacts = {
  /** The application's number for people, as the success page and every mail name it. */
  applicationNumber: number;
  bankName: string;
  /** The day the contract was drawn up in Estonia, yyyy-MM-dd. */
  date: string;
  company: { businessName: string; registryCode: string | null; legalAddress: string; email: string; phone: string };
  representative: { name: string; personalId: string; basis: RepresentationBasis; basisOther?: string | undefined };
  /**
   * Why the company wants the account, as the applicant answered: the customer's declaration, not services of this
   * agreement (a credit product or a deposit is a contract of its own).
   */
  openingReasons: { reasons: readonly OpeningReason[]; otherReason?: string | undefined };
  /** When the register facts the contract names were read (ISO time); undefined for a company the register does not know. */
  registerQueriedAt?: string | undefined;
  /** Declarations that differ from the register, listed beside the register's values. */
  discrepancies: readonly Discrepancy[];
};

const require = createRequire(import.meta.url);
// pdfkit's own font parser, resolved as pdfkit resolves it (pdfkit takes a parsed font as a font source).
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): FontkitFont };
type FontkitFont = { _tables: Record<string, unknown>; layout: (text: string, features?: unknown) => unknown };

/**
 * Contextual alternates (calt) are the costliest lookups of a typeface such as Inter, and pdfkit lays out each word
 * of each contract anew: with them a contract took 90 ms of CPU, without them 48 ms, with the same text. They change
 * little on paper (the height of a dash between capitals), so the contract is laid out without them.
 */
const LAYOUT_FEATURES = { calt: false };

/**
 * Given a file or a buffer, pdfkit parses the font again for every document,
 * which makes a contract cost about four times the CPU (figures in
 * docs/decisions/0010). Parsed tables are kept here and shared, as fontkit's
 * own getVariation() shares them; fontkit offers no public way to. Each
 * document still gets a font object of its own: fontkit keeps a glyph with the
 * code points of its first use, and writing a contract's font subset meets the
 * parts of accented letters (the O and the capital tilde of Õ) with none. One
 * shared font object would so leave letters out of a later contract's text
 * layer; warming it up through fontkit's public calls mends the O, but not the
 * capital tilde that an Õ typed as O + U+0303 is drawn with.
 */
function fontSource(data: Buffer): () => PDFKit.Mixins.PDFFontSource {
  const { _tables: tables } = fontkit.create(data);
  return () => {
    const font = fontkit.create(data);
    font._tables = tables;
    const layout = font.layout.bind(font);
    font.layout = (text, features) => layout(text, features ?? LAYOUT_FEATURES);
    // pdfkit 0.20 takes a parsed fontkit font as a font source (PDFFontFactory.open); its types do not say so.
    return font as unknown as PDFKit.Mixins.PDFFontSource;
  };
}

/** A4 in points, and the margins: the header and the footer stand in the top and bottom ones. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 96, bottom: 72, left: 56, right: 56 };
const TEXT = '#17202e';
const TEXT_MUTED = '#4a5466';
const RULE = '#d8dde5';
const LOGO_HEIGHT = 24;
/** Room a heading needs below it for its first lines, in points. */
const KEEP_WITH_HEADING = 64;

export type ContractRenderer = (facts: ContractFacts, language: Locale) => Promise<Buffer>;

/**
 * The account agreement as a PDF (pdfkit) in the contact language, in the bank's brand: its logo and name on every
 * page, its colour on the section headings, its typeface throughout. Its exact bytes are stored and hashed: what is
 * signed is this document and no other. The PDF is tagged (headings, paragraphs, the header and footer as artefacts)
 * and names its language, so a screen reader reads it in order and in the right voice. The opening fee is named by
 * reference to the price list; docs/requirements.md does not show its amount.
 */
export function createContractRenderer(brand: Brand): ContractRenderer {
  const fonts = { regular: fontSource(brand.typeface.document.regular), bold: fontSource(brand.typeface.document.bold) };
  return (facts, language) => renderContract(brand, fonts, facts, language);
}

type Fonts = { regular: () => PDFKit.Mixins.PDFFontSource; bold: () => PDFKit.Mixins.PDFFontSource };

async function renderContract(brand: Brand, fonts: Fonts, facts: ContractFacts, language: Locale): Promise<Buffer> {
  const texts = CONTRACT_TEXTS[language];
  const [year, month, day] = facts.date.split('-').map(Number) as [number, number, number];
  const document = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    lang: language,
    tagged: true,
    displayTitle: true,
    // The header and footer are drawn once the page count is known.
    bufferPages: true,
    info: {
      Title: texts.title,
      Author: facts.bankName,
      Subject: texts.number(facts.applicationNumber),
      CreationDate: new Date(Date.UTC(year, month - 1, day)),
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.registerFont('regular', fonts.regular());
  document.registerFont('bold', fonts.bold());
  const width = PAGE.width - MARGIN.left - MARGIN.right;

  // The reading order: the document's structure, each heading and paragraph an element of it.
  const structure = document.struct('Document');
  document.addStructure(structure);
  const tagged = (role: 'H1' | 'H2' | 'P', draw: () => void) => structure.add(document.struct(role, {}, draw));
  let sections = 0;
  const heading = (text: string) => {
    sections += 1;
    // A heading starts a page rather than stand alone at the foot of one.
    if (document.y > PAGE.height - MARGIN.bottom - KEEP_WITH_HEADING) document.addPage();
    else document.moveDown(1.1);
    tagged('H2', () => {
      document
        .font('bold')
        .fontSize(12.5)
        .fillColor(brand.colours.primary)
        .text(`${String(sections)}. ${text}`);
    });
    const y = document.y + 3;
    document.markContent('Artifact', { type: 'Layout' });
    document
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    document.endMarkedContent();
    document.moveDown(0.6).font('regular').fontSize(10.5).fillColor(TEXT);
  };
  // Applicants' text may come with its accents as combining marks (O + U+0303 for Õ): written precomposed, each letter
  // is one glyph, and the text layer reads as it was typed rather than with a mark set apart.
  const line = (text: string) => tagged('P', () => document.text(text.normalize('NFC'), { paragraphGap: 3 }));
  /** "Label: value", the label in the muted colour, one line of text for search and screen readers. */
  const fact = (label: string, value: string) =>
    tagged('P', () => {
      document.fillColor(TEXT_MUTED).text(`${label}: `, { continued: true, paragraphGap: 3 }).fillColor(TEXT).text(value.normalize('NFC'));
    });

  tagged('H1', () => {
    document.font('bold').fontSize(20).fillColor(TEXT).text(texts.title);
  });
  // One way of writing a date in each language, for every date in the contract (docs/glossary.md section 3).
  const date = (isoDate: string): string => formatCalendarDate(isoDate, language);
  document.moveDown(0.4).font('regular').fontSize(10.5);
  tagged('P', () => {
    document
      .fillColor(TEXT_MUTED)
      .text(texts.number(facts.applicationNumber))
      .text(`${texts.date}: ${date(facts.date)}`);
  });
  document.fillColor(TEXT);

  heading(texts.parties);
  fact(texts.bank, facts.bankName);
  const code = facts.company.registryCode ? `${texts.registryCode} ${facts.company.registryCode}` : texts.noRegistryCode;
  fact(texts.customer, `${facts.company.businessName} (${code})`);
  fact(texts.legalAddress, facts.company.legalAddress);
  const basis =
    facts.representative.basis === 'OTHER' && facts.representative.basisOther
      ? facts.representative.basisOther
      : texts.representationBasis[facts.representative.basis];
  fact(texts.representative, `${facts.representative.name}, ${texts.personalId} ${facts.representative.personalId} (${basis})`);
  fact(texts.contact, `${facts.company.email}, ${facts.company.phone}`);
  // The day of the reading in Estonia, as the contract's own date is: a reading late in the evening is not the day before.
  if (facts.registerQueriedAt) line(texts.registerSource(date(todayInEstonia(new Date(facts.registerQueriedAt)))));

  if (facts.discrepancies.length > 0) {
    const differences = discrepancyLines(facts.discrepancies, language);
    heading(differences.heading);
    line(differences.intro);
    for (const difference of differences.lines) {
      document.moveDown(0.3);
      tagged('P', () => {
        document.font('bold').text(difference.fact.normalize('NFC')).font('regular');
      });
      fact(differences.register, difference.register);
      fact(differences.declared, difference.declared);
    }
  }

  // What the agreement gives is the current account; the reasons for opening it are the customer's answer, listed
  // apart, so that a reason such as a credit product does not read as a service contracted here.
  heading(texts.services);
  line(`• ${texts.currentAccount}`);

  const { reasons, otherReason } = facts.openingReasons;
  heading(texts.openingReasons);
  for (const reason of reasons) {
    line(`• ${reason === 'OTHER' && otherReason ? `${texts.openingReason.OTHER}: ${otherReason}` : texts.openingReason[reason]}`);
  }
  if (!reasons.includes('OTHER') && otherReason) line(`• ${texts.openingReason.OTHER}: ${otherReason}`);
  document.moveDown(0.3);
  line(texts.openingReasonsNote(reasons.includes('CREDIT_PRODUCT') || reasons.includes('DEPOSIT')));

  heading(texts.fee);
  line(texts.feeText);

  heading(texts.terms);
  texts.termsText.forEach((term, index) => line(`${String(index + 1)}. ${term}`));

  heading(texts.signature);
  line(texts.signatureText(facts.representative.name, facts.representative.personalId));
  structure.end();

  drawHeadersAndFooters(document, brand, texts, facts);
  document.end();
  return finished;
}

/** On every page, as artefacts a screen reader passes over: the logo and the number above, the bank and the page below. */
function drawHeadersAndFooters(document: PDFKit.PDFDocument, brand: Brand, texts: ContractTexts, facts: ContractFacts): void {
  const { start, count } = document.bufferedPageRange();
  const logoWidth = (brand.logo.width / brand.logo.height) * LOGO_HEIGHT;
  const right = PAGE.width - MARGIN.right;
  for (let index = start; index < start + count; index += 1) {
    document.switchToPage(index);
    // Text in the margins would otherwise start a new page.
    const margins = { ...document.page.margins };
    document.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    document.markContent('Artifact', { type: 'Pagination' });
    SVGtoPDF(document, brand.logo.svg, MARGIN.left, 40, { width: logoWidth, height: LOGO_HEIGHT });
    document.font('regular').fontSize(9).fillColor(TEXT_MUTED);
    const number = texts.number(facts.applicationNumber);
    document.text(number, right - document.widthOfString(number), 48, { lineBreak: false });
    document.moveTo(MARGIN.left, 74).lineTo(right, 74).lineWidth(1.5).strokeColor(brand.colours.primary).stroke();
    const footerY = PAGE.height - 44;
    document.text(facts.bankName, MARGIN.left, footerY, { lineBreak: false });
    const page = texts.page(index - start + 1, count);
    document.text(page, right - document.widthOfString(page), footerY, { lineBreak: false });
    document.endMarkedContent();
    document.page.margins = margins;
  }
}
