import { expect, type Page } from '@playwright/test';

/** A phone held upright, the same phone turned sideways, and a small tablet. */
export const PHONE = { width: 375, height: 667 } as const;
export const PHONE_LANDSCAPE = { width: 667, height: 375 } as const;
export const TABLET = { width: 768, height: 1024 } as const;

/** WCAG 2.5.5 (target size, enhanced), kept as a habit on touch screens. */
export const MIN_TAP_TARGET = 44;

interface LayoutOptions {
  /** Also require every control to be a tap target of at least MIN_TAP_TARGET px (controls inside running text are exempt). */
  tapTargets?: boolean;
}

/**
 * Fails when the page does not read at the current viewport without zooming or sideways scrolling:
 * - the document is wider than the viewport;
 * - a visible element's content overflows its own box (text pushed out of its row or cut off), unless the
 *   element scrolls on purpose (overflow auto/scroll), truncates on purpose (text-overflow: ellipsis) or is a
 *   form field (a long value scrolls inside its input);
 * - two visible texts or controls overlap (a text running under a button, two buttons on top of each other).
 *
 * Only what can be seen counts: hidden elements, screen-reader-only text and the parts of a text that a
 * clipping ancestor cuts away are left out; when a modal dialog is open only the dialog is checked (the page
 * behind it is covered). Layers drawn on top on purpose (anything position: fixed, such as toasts) are compared
 * only within themselves.
 */
export async function expectFitsViewport(page: Page, where: string, options: LayoutOptions = {}): Promise<void> {
  const problems = await layoutProblems(page, options);
  expect(problems, `${where} at ${page.viewportSize()?.width ?? '?'} px wide:\n${problems.join('\n')}`).toEqual([]);
}

/** What expectFitsViewport would complain about, one line per problem. */
export function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<string[]> {
  return page.evaluate(findLayoutProblems, { tapTargets: options.tapTargets ?? false, minTapTarget: MIN_TAP_TARGET });
}

/**
 * Runs in the page. Self-contained (Playwright serialises it), so every helper is declared inside.
 */
function findLayoutProblems({ tapTargets, minTapTarget }: { tapTargets: boolean; minTapTarget: number }): string[] {
  // Sub-pixel rounding and anti-aliasing: differences this small are not visible.
  const SLACK = 1;
  // Two line boxes of tightly set text may touch by a couple of pixels; an overlap a reader notices is larger.
  const OVERLAP_MIN = 3;
  const problems: string[] = [];
  const viewportWidth = document.documentElement.clientWidth;

  const describe = (element: Element): string => {
    const parts: string[] = [];
    let current: Element | null = element;
    while (current && parts.length < 4 && current !== document.body) {
      const id = current.id ? `#${current.id}` : '';
      const role = current.getAttribute('role');
      parts.unshift(`${current.tagName.toLowerCase()}${id}${role ? `[role=${role}]` : ''}`);
      current = current.parentElement;
    }
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const name = element.getAttribute('aria-label');
    return `${parts.join(' > ')} "${name ?? text}"`;
  };

  /** Screen-reader-only text (Tailwind's sr-only clips it away entirely) is not drawn, whatever its box says. */
  const clippedAway = (element: Element): boolean => {
    for (let current: Element | null = element; current; current = current.parentElement) {
      const css = getComputedStyle(current);
      if (css.clipPath === 'inset(50%)' || css.clip === 'rect(0px, 0px, 0px, 0px)') return true;
    }
    return false;
  };
  const isShown = (element: Element): boolean =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }) &&
    !clippedAway(element);

  const style = (element: Element) => getComputedStyle(element);

  /** The part of `rect` that the clipping boxes (overflow other than visible) from `clipper` outwards leave visible. */
  const visiblePart = (clipper: Element | null, rect: DOMRect): DOMRect | null => {
    let left = rect.left;
    let right = rect.right;
    let top = rect.top;
    let bottom = rect.bottom;
    for (let current = clipper; current; current = current.parentElement) {
      const css = style(current);
      const clipsX = css.overflowX !== 'visible';
      const clipsY = css.overflowY !== 'visible';
      if (clipsX || clipsY) {
        const box = current.getBoundingClientRect();
        if (clipsX) {
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
        if (clipsY) {
          top = Math.max(top, box.top);
          bottom = Math.min(bottom, box.bottom);
        }
      }
      if (css.position === 'fixed') break;
    }
    if (right - left <= SLACK || bottom - top <= SLACK) return null;
    return new DOMRect(left, top, right - left, bottom - top);
  };

  // 1. The page itself is no wider than the screen.
  const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (pageWidth > viewportWidth + SLACK) problems.push(`the page is ${pageWidth} px wide (viewport ${viewportWidth})`);

  const modal = [...document.querySelectorAll('[role="dialog"][aria-modal="true"], [role="alertdialog"]')]
    .filter(isShown)
    .at(-1);
  const scope: Element = modal ?? document.body;

  /** The fixed-position layer an element is drawn in (null: the page's normal flow). */
  const layerOf = (element: Element): Element | null => {
    for (let current: Element | null = element; current; current = current.parentElement) {
      if (style(current).position === 'fixed') return current;
    }
    return null;
  };

  // 2. No element's content overflows its box.
  const FORM_FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
  for (const element of scope.querySelectorAll('*')) {
    if (!(element instanceof HTMLElement) || FORM_FIELDS.has(element.tagName) || !isShown(element)) continue;
    const css = style(element);
    if (css.display === 'inline' || css.display === 'contents') continue;
    if (css.overflowX === 'auto' || css.overflowX === 'scroll') continue;
    const rect = element.getBoundingClientRect();
    // Screen-reader-only text and other 1 px boxes are not read by the eye.
    if (rect.width <= SLACK || rect.height <= SLACK) continue;
    if (element.scrollWidth <= element.clientWidth + SLACK) continue;
    if (css.textOverflow === 'ellipsis') continue;
    // Overflow that comes only from a child that scrolls, is fixed or is positioned on purpose is that child's own.
    const overflowing = [...element.children].some((child) => {
      const childCss = style(child);
      // A transformed child (a spinning icon) is moved on purpose; its box is not the layout's.
      if (['absolute', 'fixed'].includes(childCss.position) || childCss.transform !== 'none' || !isShown(child))
        return false;
      const childRect = child.getBoundingClientRect();
      return childRect.right > rect.right + SLACK || childRect.left < rect.left - SLACK;
    });
    const ownTextOverflows = [...element.childNodes].some((node) => {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) return false;
      const range = document.createRange();
      range.selectNodeContents(node);
      const textRect = range.getBoundingClientRect();
      return textRect.right > rect.right + SLACK || textRect.left < rect.left - SLACK;
    });
    if (overflowing || ownTextOverflows)
      problems.push(`overflows its box by ${element.scrollWidth - element.clientWidth} px: ${describe(element)}`);
  }

  // 3. Texts and controls do not overlap.
  const CONTROL_SELECTOR =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="combobox"], [contenteditable="true"]';
  interface Atom {
    node: Node;
    element: Element;
    control: boolean;
    rect: DOMRect;
    layer: Element | null;
  }
  const atoms: Atom[] = [];
  const contentBox = (element: Element): DOMRect => {
    const css = style(element);
    const box = element.getBoundingClientRect();
    const inset = (side: 'Left' | 'Right' | 'Top' | 'Bottom') =>
      parseFloat(css.getPropertyValue(`padding-${side.toLowerCase()}`)) +
      parseFloat(css.getPropertyValue(`border-${side.toLowerCase()}-width`));
    const left = box.left + inset('Left');
    const top = box.top + inset('Top');
    return new DOMRect(left, top, box.right - inset('Right') - left, box.bottom - inset('Bottom') - top);
  };
  for (const control of scope.querySelectorAll(CONTROL_SELECTOR)) {
    if (!isShown(control)) continue;
    // A control that wraps another (a link around a button) is one target.
    if (control.parentElement?.closest(CONTROL_SELECTOR) && scope.contains(control.parentElement)) continue;
    // A link that wraps onto two lines is two boxes, not the rectangle around both. A field's text stays inside
    // its padding, so a button drawn in that padding (a password's show/hide) covers none of what is typed.
    const boxes = FORM_FIELDS.has(control.tagName) ? [contentBox(control)] : [...control.getClientRects()];
    for (const box of boxes) {
      const rect = visiblePart(control.parentElement, box);
      if (rect) atoms.push({ node: control, element: control, control: true, rect, layer: layerOf(control) });
    }
  }
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !isShown(parent)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE'].includes(parent.tagName) || parent.closest('svg')) continue;
    // Text inside a control is part of that control's box.
    if (parent.closest(CONTROL_SELECTOR)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      const rect = visiblePart(parent, line);
      if (rect) atoms.push({ node, element: parent, control: false, rect, layer: layerOf(parent) });
    }
  }

  const overlapping = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > OVERLAP_MIN &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > OVERLAP_MIN;
  const reported = new Set<string>();
  for (let i = 0; i < atoms.length; i += 1) {
    const a = atoms[i]!;
    for (let j = i + 1; j < atoms.length; j += 1) {
      const b = atoms[j]!;
      if (a.node === b.node || a.layer !== b.layer) continue;
      if (a.element.contains(b.node) && a.control) continue;
      if (b.element.contains(a.node) && b.control) continue;
      if (!overlapping(a.rect, b.rect)) continue;
      const key = `${describe(a.element)} / ${describe(b.element)}`;
      if (reported.has(key)) continue;
      reported.add(key);
      problems.push(`overlap: ${key}`);
    }
  }

  // 4. Tap targets. A control's target is its own box together with the label that activates it; links inside
  // running text are exempt (WCAG 2.5.5's "inline" exception), as are fields the browser draws (date pickers).
  if (tapTargets) {
    const controls = new Set(atoms.filter((atom) => atom.control).map((atom) => atom.element));
    for (const element of controls) {
      if (!(element instanceof HTMLElement)) continue;
      if (style(element).display === 'inline' && element.tagName === 'A') continue;
      let rect = element.getBoundingClientRect();
      const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
      for (const label of labels ?? []) {
        const box = label.getBoundingClientRect();
        const left = Math.min(rect.left, box.left);
        const top = Math.min(rect.top, box.top);
        rect = new DOMRect(left, top, Math.max(rect.right, box.right) - left, Math.max(rect.bottom, box.bottom) - top);
      }
      if (rect.width + SLACK < minTapTarget || rect.height + SLACK < minTapTarget)
        problems.push(
          `tap target ${Math.round(rect.width)}×${Math.round(rect.height)} px (< ${minTapTarget}): ${describe(element)}`,
        );
    }
  }
  return problems;
}

/**
 * Fails unless `title` takes at least `share` of the width of `row`: a title squeezed beside its row's controls
 * (a few words a line, or cut off) instead of getting the row's width with the controls wrapped below it.
 */
export async function expectTitleUsesRow(
  page: Page,
  title: ReturnType<Page['locator']>,
  row: ReturnType<Page['locator']>,
  share = 0.6,
): Promise<void> {
  const [titleBox, rowBox] = await Promise.all([title.boundingBox(), row.boundingBox()]);
  if (!titleBox || !rowBox) throw new Error('the title or its row is not on screen');
  const text = (await title.innerText()).slice(0, 40);
  // A short title needs less than its share: it only has to be unwrapped and whole.
  const natural = await title.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return { lines: range.getClientRects().length, fits: element.scrollWidth <= element.clientWidth + 1 };
  });
  if (titleBox.width >= rowBox.width * share) return;
  expect(
    natural.fits && natural.lines <= 1,
    `"${text}" gets ${Math.round(titleBox.width)} of the row's ${Math.round(rowBox.width)} px`,
  ).toBe(true);
}
