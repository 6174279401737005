import type { BusinessPlanContent, BusinessPlanSectionKey } from '@keel/contract';
import { PDF_INK, PDF_MUTED, PDF_RULE, startPdfDocument } from '../../pdf/pdf-document.js';

/** The plan's live parts, read from their own tables when the PDF is made. */
export interface PlanLiveItems {
  goalsYear: number;
  annualGoals: readonly { title: string; ownerName: string | null; status: string; target: string }[];
  priorities: readonly { title: string; ownerName: string | null; status: string }[];
  longTermIssues: readonly { title: string }[];
}

/** Everything the PDF says, already in the organization's words. */
export interface BusinessPlanPdfContent {
  organizationName: string;
  documentTitle: string;
  teamName: string;
  /** "Version 4, saved 26 November 2026 by Ada Lovelace", or that it was never saved. */
  savedLine: string;
  content: BusinessPlanContent;
  /** The visible sections in their order, with their titles. */
  sections: readonly { key: BusinessPlanSectionKey; title: string }[];
  live: PlanLiveItems;
  words: { annualGoals: string; priorities: string; issues: string };
}

/** The plan is a two-page document: it is set smaller until it fits, and cut short (saying so) past the smallest. */
export const PLAN_PDF_PAGES = 2;
const FONT_SIZES = [10, 9, 8, 7, 6.5, 6] as const;

const STATUS_WORDS: Record<string, string> = {
  not_started: 'not started',
  on_track: 'on track',
  off_track: 'off track',
  done: 'done',
  complete: 'complete',
  not_complete: 'not complete',
};
const withDetails = (title: string, ...details: (string | null | undefined)[]) => {
  const said = details.filter((detail): detail is string => Boolean(detail?.trim()));
  return said.length ? `${title} — ${said.join(', ')}` : title;
};

type Block = { kind: 'heading' | 'label' | 'text' | 'item' | 'muted'; text: string };

/** Whether a person wrote anything in the plan (its section settings aside). */
export function hasWrittenContent(content: BusinessPlanContent): boolean {
  const { sections: _settings, ...written } = content;
  const anything = (value: unknown): boolean =>
    typeof value === 'string'
      ? value.trim() !== ''
      : typeof value === 'number'
        ? true
        : Array.isArray(value)
          ? value.some(anything)
          : value !== null && typeof value === 'object' && Object.values(value).some(anything);
  return anything(written);
}

function sectionBlocks(key: BusinessPlanSectionKey, pdf: BusinessPlanPdfContent): Block[] {
  const { content, live, words } = pdf;
  const blocks: Block[] = [];
  const line = (label: string, value: string | null | undefined) => {
    if (value?.trim()) blocks.push({ kind: 'text', text: `${label}: ${value.trim()}` });
  };
  const list = (label: string | null, items: readonly string[]) => {
    const written = items.filter((item) => item.trim());
    if (written.length === 0) return;
    if (label) blocks.push({ kind: 'label', text: label });
    for (const item of written) blocks.push({ kind: 'item', text: item });
  };
  /** The 3-year picture and the 1-year plan open with the same figures. */
  const figures = (horizon: { date: string | null; revenue: string; profit: string; measurables: string[] }) => {
    line('Date', horizon.date);
    line('Revenue', horizon.revenue);
    line('Profit', horizon.profit);
    list('Measurables', horizon.measurables);
  };
  switch (key) {
    case 'core_values':
      list(
        null,
        content.coreValues.map((value) => withDetails(value.title, value.description)),
      );
      break;
    case 'core_focus':
      line('Purpose', content.coreFocus.purpose);
      line('Niche', content.coreFocus.niche);
      break;
    case 'ten_year_target':
      line(content.tenYearTarget.year ? `By ${content.tenYearTarget.year}` : 'Target', content.tenYearTarget.text);
      break;
    case 'marketing_strategy': {
      const strategy = content.marketingStrategy;
      line('Target market', strategy.targetMarket);
      list('Uniques', strategy.uniques);
      line('Proven process', strategy.provenProcess);
      line('Guarantee', strategy.guarantee);
      break;
    }
    case 'three_year_picture': {
      figures(content.threeYearPicture);
      list('What it looks like', content.threeYearPicture.looksLike);
      break;
    }
    case 'one_year_plan': {
      figures(content.oneYearPlan);
      list(
        `${words.annualGoals} ${live.goalsYear}`,
        live.annualGoals.map((goal) =>
          withDetails(goal.title, goal.ownerName, STATUS_WORDS[goal.status] ?? goal.status, goal.target),
        ),
      );
      break;
    }
    case 'quarterly_priorities':
      list(
        null,
        live.priorities.map((priority) =>
          withDetails(priority.title, priority.ownerName, STATUS_WORDS[priority.status] ?? priority.status),
        ),
      );
      if (blocks.length === 0) blocks.push({ kind: 'muted', text: `No ${words.priorities} this quarter.` });
      break;
    case 'long_term_issues':
      list(
        null,
        live.longTermIssues.map((issue) => issue.title),
      );
      if (blocks.length === 0) blocks.push({ kind: 'muted', text: `No open long-term ${words.issues}.` });
      break;
    case 'swot':
      list('Strengths', content.swot.strengths);
      list('Weaknesses', content.swot.weaknesses);
      list('Opportunities', content.swot.opportunities);
      list('Threats', content.swot.threats);
      break;
  }
  if (blocks.length === 0) blocks.push({ kind: 'muted', text: 'Nothing written yet.' });
  return blocks;
}

/** The plan's body, in reading order; an empty plan says so instead of showing empty sections. */
export function planBlocks(pdf: BusinessPlanPdfContent): Block[] {
  const { live } = pdf;
  const hasLive = live.annualGoals.length + live.priorities.length + live.longTermIssues.length > 0;
  if (!hasWrittenContent(pdf.content) && !hasLive) {
    return [{ kind: 'muted', text: 'This plan is empty: nothing has been written in it yet.' }];
  }
  if (pdf.sections.length === 0) return [{ kind: 'muted', text: 'Every section of this plan is hidden.' }];
  return pdf.sections.flatMap((section) => [
    { kind: 'heading' as const, text: section.title },
    ...sectionBlocks(section.key, pdf),
  ]);
}

async function renderAt(pdf: BusinessPlanPdfContent, size: number, cutShort: boolean) {
  const { doc, finished } = await startPdfDocument({
    margin: 40,
    bufferPages: true,
    info: { Title: pdf.documentTitle, Subject: pdf.teamName, Author: pdf.organizationName },
  });
  let pages = 1;
  doc.on('pageAdded', () => (pages += 1));

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let stopped = false;
  const write = (text: string, options: { size: number; font?: 'body' | 'bold'; color?: string }) => {
    if (stopped) return;
    doc
      .font(options.font ?? 'body')
      .fontSize(options.size)
      .fillColor(options.color ?? PDF_INK);
    const lineHeight = doc.currentLineHeight(true);
    const onLastPage = pages >= PLAN_PDF_PAGES;
    if (cutShort && onLastPage && doc.y + lineHeight * 2.5 > bottom()) {
      stopped = true;
      doc
        .fontSize(size)
        .fillColor(PDF_MUTED)
        .text('The rest of this plan does not fit on two pages: read it in Keel.', {
          width,
        });
      return;
    }
    const room = cutShort && onLastPage ? { height: bottom() - doc.y - lineHeight * 1.5, ellipsis: true } : {};
    doc.text(text, { width, ...room });
  };

  write(pdf.organizationName, { size, color: PDF_MUTED });
  write(pdf.documentTitle, { size: size * 1.9, font: 'bold' });
  write(pdf.teamName, { size: size * 1.3 });
  write(pdf.savedLine, { size, color: PDF_MUTED });
  for (const block of planBlocks(pdf)) {
    if (block.kind === 'heading') {
      doc.moveDown(0.5);
      write(block.text, { size: size * 1.25, font: 'bold' });
      if (!stopped) {
        const y = doc.y + 1;
        doc
          .moveTo(doc.page.margins.left, y)
          .lineTo(doc.page.margins.left + width, y)
          .strokeColor(PDF_RULE)
          .lineWidth(0.5)
          .stroke();
        doc.moveDown(0.25);
      }
    } else if (block.kind === 'label') write(block.text, { size, font: 'bold' });
    else if (block.kind === 'item') write(`•  ${block.text}`, { size });
    else if (block.kind === 'muted') write(block.text, { size, color: PDF_MUTED });
    else write(block.text, { size });
  }
  doc.end();
  return { file: await finished, pages };
}

/** The plan as a PDF of at most two A4 pages, rendered in memory. pdfkit is loaded on first use. */
export async function renderBusinessPlanPdf(pdf: BusinessPlanPdfContent): Promise<Buffer> {
  for (const size of FONT_SIZES) {
    const { file, pages } = await renderAt(pdf, size, false);
    if (pages <= PLAN_PDF_PAGES) return file;
  }
  return (await renderAt(pdf, FONT_SIZES.at(-1)!, true)).file;
}
