/**
 * The grid's own CSS. A cell's status symbol and its note / override marks are drawn as pseudo-elements
 * (hidden from screen readers, which hear the cell's label instead): thousands of cells stay one element each.
 * Printing (or saving as PDF) shows only the scorecard on a landscape page: the app's sidebar, top bar and
 * controls are hidden, the grid's frame stops scrolling and its sticky column stays in place.
 */
const SCORECARD_CSS = `
[data-scorecard] td[data-status]::before { font-size: 0.75rem; font-weight: 700; }
[data-scorecard] td[data-status="green"]::before { content: "\\2713\\00a0" / ""; }
[data-scorecard] td[data-status="yellow"]::before { content: "!\\00a0" / ""; }
[data-scorecard] td[data-status="red"]::before { content: "\\2717\\00a0" / ""; }
[data-scorecard] td[data-mark]::after { content: attr(data-mark) / ""; margin-left: 2px; }
@media print {
  @page { size: landscape; margin: 8mm; }
  body * { visibility: hidden; }
  [data-scorecard], [data-scorecard] * { visibility: visible; }
  [data-scorecard] { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none; padding: 0; }
  [data-scorecard] th, [data-scorecard] td { position: static !important; padding: 1px 3px; height: auto; }
  [data-scorecard] table { width: 100% !important; font-size: 8px; }
  [data-scorecard] * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

export function ScorecardStyle() {
  return <style>{SCORECARD_CSS}</style>;
}
