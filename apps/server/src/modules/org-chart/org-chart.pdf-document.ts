import type { PublishedOrgChartSeat } from '@keel/contract';
import { PDF_INK, PDF_MUTED, startPdfDocument } from '../../pdf/pdf-document.js';

/** What the chart's PDF says, every text already in the organization's words. */
export interface OrgChartPdfContent {
  organizationName: string;
  /** The organization's name for the chart ("Organizational Chart", "Accountability Chart"…). */
  chartLabel: string;
  /** "Version 3, published 26 November 2026 by Ada Lovelace". */
  publishedText: string;
  seats: readonly PublishedOrgChartSeat[];
  teamNames: ReadonlyMap<string, string>;
  /** The organization's word for a team. */
  teamLabel: string;
}

const LINE = '#94a3b8';
const BOX = '#f8fafc';
const INDENT = 22;
/** Deeper seats stay at this indent so that a deep chart still leaves room for the text. */
const DEEPEST_INDENT = 12;
const PADDING = 6;

interface PlacedSeat {
  seat: PublishedOrgChartSeat;
  depth: number;
}

/** The seats in reading order (each followed by those reporting to it), with their depth. */
export function seatsInOrder(seats: readonly PublishedOrgChartSeat[]): PlacedSeat[] {
  const ids = new Set(seats.map((seat) => seat.id));
  const children = new Map<string | null, PublishedOrgChartSeat[]>();
  for (const seat of seats) {
    const parent = seat.parentId && ids.has(seat.parentId) ? seat.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), seat]);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position);
  const ordered: PlacedSeat[] = [];
  const stack: PlacedSeat[] = (children.get(null) ?? []).map((seat) => ({ seat, depth: 0 })).reverse();
  const seen = new Set<string>();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next.seat.id)) continue;
    seen.add(next.seat.id);
    ordered.push(next);
    const below = children.get(next.seat.id) ?? [];
    for (let index = below.length - 1; index >= 0; index -= 1)
      stack.push({ seat: below[index]!, depth: next.depth + 1 });
  }
  return ordered;
}

export const holdersText = (seat: PublishedOrgChartSeat) =>
  seat.holders.length === 0
    ? 'Nobody holds this seat'
    : seat.holders.map((holder) => (holder.userId ? holder.name : `Open seat: ${holder.name}`)).join(', ');

/**
 * The published chart as a PDF (A4): each seat a box under the seat it reports to, indented by its depth and
 * joined to it by a line, so that a chart of hundreds of seats still reads across pages.
 */
export async function renderOrgChartPdf(content: OrgChartPdfContent): Promise<Buffer> {
  const { doc, finished } = await startPdfDocument({
    margin: 40,
    info: {
      Title: content.chartLabel,
      Subject: content.publishedText,
      Author: content.organizationName,
    },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('body').fontSize(10).fillColor(PDF_MUTED).text(content.organizationName, { width });
  doc.font('bold').fontSize(20).fillColor(PDF_INK).text(content.chartLabel, { width });
  doc.font('body').fontSize(10).fillColor(PDF_MUTED).text(content.publishedText, { width });
  doc.moveDown(1);

  /** Where each seat's box was drawn: its connector starts there, or at the top of the page it continues on. */
  const anchors = new Map<string, { page: number; x: number; y: number }>();
  let page = 0;
  for (const { seat, depth } of seatsInOrder(content.seats)) {
    const x = left + Math.min(depth, DEEPEST_INDENT) * INDENT;
    const boxWidth = width - (x - left);
    const inner = boxWidth - 2 * PADDING;
    const team = seat.teamId ? content.teamNames.get(seat.teamId) : undefined;
    const lines: { text: string; font: 'body' | 'bold'; size: number; color: string }[] = [
      { text: seat.title, font: 'bold', size: 11, color: PDF_INK },
      { text: holdersText(seat), font: 'body', size: 9, color: PDF_MUTED },
      ...(team ? [{ text: `${content.teamLabel}: ${team}`, font: 'body' as const, size: 8.5, color: PDF_MUTED }] : []),
      ...seat.roles.map((role) => ({ text: `•  ${role}`, font: 'body' as const, size: 8.5, color: PDF_INK })),
    ];
    const height =
      lines.reduce(
        (sum, line) => sum + doc.font(line.font).fontSize(line.size).heightOfString(line.text, { width: inner }),
        0,
      ) +
      2 * PADDING;
    if (doc.y + height > bottom()) {
      doc.addPage();
      page += 1;
    }
    const top = doc.y;
    doc.roundedRect(x, top, boxWidth, height, 4).fillAndStroke(BOX, LINE);
    const parent = seat.parentId ? anchors.get(seat.parentId) : undefined;
    if (parent) {
      const fromY = parent.page === page ? parent.y : doc.page.margins.top - 10;
      doc
        .moveTo(parent.x + 10, fromY)
        .lineTo(parent.x + 10, top + 12)
        .lineTo(x, top + 12)
        .strokeColor(LINE)
        .lineWidth(0.8)
        .stroke();
    }
    doc.y = top + PADDING;
    for (const line of lines) {
      doc
        .font(line.font)
        .fontSize(line.size)
        .fillColor(line.color)
        .text(line.text, x + PADDING, doc.y, { width: inner });
    }
    doc.x = left;
    doc.y = top + height + 8;
    anchors.set(seat.id, { page, x, y: top + height });
  }

  doc.end();
  return finished;
}
