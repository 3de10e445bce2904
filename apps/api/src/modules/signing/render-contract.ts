import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatCalendarDate, todayInEstonia, type Discrepancy, type Locale, type OpeningReason, type RepresentationBasis } from '@onboarding/domain';
import PDFDocument from 'pdfkit';
import { CONTRACT_TEXTS } from './contract-texts.js';
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
// DejaVu Sans covers Estonian and Russian letters; PDF's standard fonts do not cover Cyrillic.
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

// pdfkit's own font parser, resolved as pdfkit resolves it (pdfkit takes a parsed font as a font source).
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): FontkitFont };
type FontkitFont = { _tables: Record<string, unknown> };

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
function fontSource(file: string): () => PDFKit.Mixins.PDFFontSource {
  const data = readFileSync(file);
  const { _tables: tables } = fontkit.create(data);
  return () => {
    const font = fontkit.create(data);
    font._tables = tables;
    // pdfkit 0.20 takes a parsed fontkit font as a font source (PDFFontFactory.open); its types do not say so.
    return font as unknown as PDFKit.Mixins.PDFFontSource;
  };
}

let fonts: { regular: () => PDFKit.Mixins.PDFFontSource; bold: () => PDFKit.Mixins.PDFFontSource } | undefined;

const MARGIN = 56;

/**
 * The account agreement as a PDF (pdfkit) in the contact language. Its exact
 * bytes are stored and hashed: what is signed is this document and no other.
 * The opening fee is named by reference to the price list;
 * docs/requirements.md does not show its amount.
 */
export async function renderContract(facts: ContractFacts, language: Locale): Promise<Buffer> {
  const texts = CONTRACT_TEXTS[language];
  const [year, month, day] = facts.date.split('-').map(Number) as [number, number, number];
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    displayTitle: true,
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

  fonts ??= { regular: fontSource(FONT_REGULAR), bold: fontSource(FONT_BOLD) };
  document.registerFont('regular', fonts.regular());
  document.registerFont('bold', fonts.bold());
  const heading = (text: string) => document.moveDown(0.8).font('bold').fontSize(12).text(text).moveDown(0.3).font('regular').fontSize(10.5);
  const line = (text: string) => document.text(text, { paragraphGap: 2 });

  document.font('bold').fontSize(18).text(texts.title);
  // One way of writing a date in each language, for every date in the contract (docs/glossary.md section 3).
  const date = (isoDate: string): string => formatCalendarDate(isoDate, language);
  document
    .font('regular')
    .fontSize(10.5)
    .moveDown(0.3)
    .text(texts.number(facts.applicationNumber))
    .text(`${texts.date}: ${date(facts.date)}`);

  heading(texts.parties);
  line(`${texts.bank}: ${facts.bankName}`);
  const code = facts.company.registryCode ? `${texts.registryCode} ${facts.company.registryCode}` : texts.noRegistryCode;
  line(`${texts.customer}: ${facts.company.businessName} (${code})`);
  line(`${texts.legalAddress}: ${facts.company.legalAddress}`);
  const basis =
    facts.representative.basis === 'OTHER' && facts.representative.basisOther
      ? facts.representative.basisOther
      : texts.representationBasis[facts.representative.basis];
  line(`${texts.representative}: ${facts.representative.name}, ${texts.personalId} ${facts.representative.personalId} (${basis})`);
  line(`${texts.contact}: ${facts.company.email}, ${facts.company.phone}`);
  // The day of the reading in Estonia, as the contract's own date is: a reading late in the evening is not the day before.
  if (facts.registerQueriedAt) line(texts.registerSource(date(todayInEstonia(new Date(facts.registerQueriedAt)))));

  if (facts.discrepancies.length > 0) {
    const differences = discrepancyLines(facts.discrepancies, language);
    heading(differences.heading);
    line(differences.intro);
    for (const difference of differences.lines) {
      document.moveDown(0.2).font('bold').text(difference.fact).font('regular');
      line(`${differences.register}: ${difference.register}`);
      line(`${differences.declared}: ${difference.declared}`);
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

  document.end();
  return finished;
}
