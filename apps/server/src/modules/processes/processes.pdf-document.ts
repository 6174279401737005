import type { ProcessStep } from '@keel/contract';
import { stepTextLines } from './processes.sanitize.js';
import { PDF_INK, PDF_MUTED, PDF_RULE, startPdfDocument } from '../../pdf/pdf-document.js';

/** What the PDF of one process says, every text already in the organization's words. */
export interface ProcessPdfContent {
  organizationName: string;
  /** The organization's word for a process ("Process", "Procedure"…). */
  processWord: string;
  title: string;
  teamName: string;
  ownerName: string | null;
  /** "Published (version 4)", "Draft"… */
  statusText: string;
  nextReviewOn: string | null;
  purpose: string;
  steps: readonly ProcessStep[];
}

/** The process as a PDF (A4), rendered in memory; pdfkit is loaded on the first one, not at start-up. */
export async function renderProcessPdf(content: ProcessPdfContent): Promise<Buffer> {
  const { doc, finished } = await startPdfDocument({
    margin: 50,
    info: {
      Title: content.title,
      Subject: `${content.processWord} of ${content.teamName}`,
      Author: content.organizationName,
    },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const text = (
    value: string,
    options: { size?: number; color?: string; font?: 'body' | 'bold'; indent?: number } = {},
  ) =>
    doc
      .font(options.font ?? 'body')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? PDF_INK)
      .text(value, left + (options.indent ?? 0), doc.y, { width: width - (options.indent ?? 0) });
  const rule = () => {
    const y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor(PDF_RULE)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4);
  };
  const body = (html: string, indent: number) => {
    for (const line of stepTextLines(html)) text(line, { indent });
  };

  text(content.organizationName, { color: PDF_MUTED });
  text(content.title, { size: 20, font: 'bold' });
  text(`${content.processWord} of ${content.teamName}`, { size: 13 });
  text(
    [
      `Owner: ${content.ownerName ?? 'nobody'}`,
      content.statusText,
      content.nextReviewOn ? `Next review: ${content.nextReviewOn}` : null,
    ]
      .filter((part) => part !== null)
      .join('    '),
    { color: PDF_MUTED },
  );
  if (content.purpose.trim()) {
    doc.moveDown(0.8);
    text('Purpose', { size: 13, font: 'bold' });
    rule();
    text(content.purpose.trim());
  }
  doc.moveDown(0.8);
  text('Steps', { size: 13, font: 'bold' });
  rule();
  if (content.steps.length === 0) text('This process has no steps yet.', { color: PDF_MUTED });
  content.steps.forEach((step, index) => {
    doc.moveDown(0.5);
    text(`${index + 1}. ${step.title}`, { font: 'bold', size: 11 });
    body(step.body, 16);
    step.subSteps.forEach((subStep, subIndex) => {
      doc.moveDown(0.2);
      text(`${index + 1}.${subIndex + 1} ${subStep.title}`, { font: 'bold', indent: 16 });
      body(subStep.body, 32);
    });
  });

  doc.end();
  return finished;
}
