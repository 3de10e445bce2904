// svg-to-pdfkit ships no type declarations; this is the call the contract uses.
declare module 'svg-to-pdfkit' {
  type Options = { width?: number; height?: number; preserveAspectRatio?: string; assumePt?: boolean };
  export default function SVGtoPDF(document: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: Options): void;
}
