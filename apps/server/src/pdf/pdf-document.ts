import { createRequire } from 'node:module';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** The house colours of every generated PDF: text, secondary text, and rules between parts. */
export const PDF_INK = '#0f172a';
export const PDF_MUTED = '#475569';
export const PDF_RULE = '#cbd5e1';

/**
 * PDF's standard fonts only write Western European letters: "Łukasz" would lose its Ł. DejaVu Sans (from an npm
 * package, so nothing is fetched at install or run time) covers Latin, Greek and Cyrillic; pdfkit embeds only
 * the glyphs a document uses, with the map that lets readers copy and search its text.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);

export interface PdfDocumentOptions {
  margin: number;
  info: { Title: string; Subject: string; Author: string };
  /** Keep pages open for writing on them after they are filled (page numbers, counting pages). */
  bufferPages?: boolean;
}

/**
 * An A4 document with the fonts "body" and "bold" registered, rendered in memory: write on `doc`, call
 * `doc.end()`, then await `finished`. pdfkit is loaded on the first document, not at start-up.
 */
export async function startPdfDocument(options: PdfDocumentOptions) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    bufferPages: options.bufferPages ?? false,
    info: { ...options.info, Creator: 'Keel' },
    lang: 'en',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', fontFile('DejaVuSans.ttf'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold.ttf'));
  return { doc, finished };
}
