import { createRequire } from 'node:module';
import type { Locale, OpeningReason, RepresentationBasis } from '@onboarding/domain';
import PDFDocument from 'pdfkit';
import { CONTRACT_TEXTS } from './contract-texts.js';

/** What the contract says, gathered from the application (SPEC.md sections 1 and 3). */
export type ContractFacts = {
  processId: string;
  bankName: string;
  /** The day the contract was drawn up, yyyy-MM-dd. */
  date: string;
  company: { businessName: string; registryCode: string | null; legalAddress: string; email: string; phone: string };
  representative: { name: string; personalId: string; basis: RepresentationBasis; basisOther?: string | undefined };
  services: { reasons: readonly OpeningReason[]; otherReason?: string | undefined };
};

const require = createRequire(import.meta.url);
// DejaVu Sans covers Estonian and Russian letters; PDF's standard fonts do not cover Cyrillic.
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 56;

/**
 * The account agreement as a PDF (pdfkit) in the contact language. Its exact
 * bytes are stored and hashed: what is signed is this document and no other.
 * The opening fee is named by reference to the price list; SPEC.md does not
 * show its amount.
 */
export async function renderContract(facts: ContractFacts, language: Locale): Promise<Buffer> {
  const texts = CONTRACT_TEXTS[language];
  const [year, month, day] = facts.date.split('-').map(Number) as [number, number, number];
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    displayTitle: true,
    info: { Title: texts.title, Author: facts.bankName, Subject: texts.number(facts.processId), CreationDate: new Date(Date.UTC(year, month - 1, day)) },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.registerFont('regular', FONT_REGULAR);
  document.registerFont('bold', FONT_BOLD);
  const heading = (text: string) => document.moveDown(0.8).font('bold').fontSize(12).text(text).moveDown(0.3).font('regular').fontSize(10.5);
  const line = (text: string) => document.text(text, { paragraphGap: 2 });

  document.font('bold').fontSize(18).text(texts.title);
  document.font('regular').fontSize(10.5).moveDown(0.3).text(texts.number(facts.processId)).text(`${texts.date}: ${facts.date}`);

  heading(texts.parties);
  line(`${texts.bank}: ${facts.bankName}`);
  const code = facts.company.registryCode ? `${texts.registryCode} ${facts.company.registryCode}` : texts.noRegistryCode;
  line(`${texts.customer}: ${facts.company.businessName} (${code})`);
  line(`${texts.legalAddress}: ${facts.company.legalAddress}`);
  const basis = facts.representative.basis === 'OTHER' && facts.representative.basisOther ? facts.representative.basisOther : texts.representationBasis[facts.representative.basis];
  line(`${texts.representative}: ${facts.representative.name}, ${texts.personalId} ${facts.representative.personalId} (${basis})`);
  line(`${texts.contact}: ${facts.company.email}, ${facts.company.phone}`);

  heading(texts.services);
  line(`• ${texts.currentAccount}`);
  for (const reason of facts.services.reasons) {
    line(`• ${reason === 'OTHER' && facts.services.otherReason ? `${texts.service.OTHER}: ${facts.services.otherReason}` : texts.service[reason]}`);
  }
  if (!facts.services.reasons.includes('OTHER') && facts.services.otherReason) line(`• ${texts.service.OTHER}: ${facts.services.otherReason}`);

  heading(texts.fee);
  line(texts.feeText);

  heading(texts.terms);
  texts.termsText.forEach((term, index) => line(`${String(index + 1)}. ${term}`));

  heading(texts.signature);
  line(texts.signatureText(facts.representative.name, facts.representative.personalId));

  document.end();
  return finished;
}
