import type { ProcessStep } from '@keel/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * What the editor (TipTap's StarterKit) writes, and nothing else: no script, no style, no event handler, no
 * image or frame, and links only to web pages and mail addresses. Anything else is dropped, its text kept.
 */
const LINK_SCHEME = /^(https?:|mailto:)/i;

const STEP_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h2', 'h3', 'br', 'hr', 'a'],
  // Only `href` is taken from the input: the transform below sets the other two on every link.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open in a new tab without handing the opener to the other site.
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs:
        attribs.href && LINK_SCHEME.test(attribs.href.trim())
          ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : {},
    }),
  },
};

/** A step's rich text as stored: the editor's HTML, neutralised. */
export const sanitizeStepHtml = (html: string): string => sanitizeHtml(html, STEP_HTML).trim();

/** Every step's and sub-step's text sanitised; titles are plain text and stay as typed. */
export const sanitizeSteps = (steps: readonly ProcessStep[]): ProcessStep[] =>
  steps.map((step) => ({
    id: step.id,
    title: step.title,
    body: sanitizeStepHtml(step.body),
    subSteps: step.subSteps.map((subStep) => ({
      id: subStep.id,
      title: subStep.title,
      body: sanitizeStepHtml(subStep.body),
    })),
  }));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * A step's stored HTML as plain lines for the PDF: one per paragraph, heading or list item (items start
 * with "• "), blank ones dropped.
 */
export function stepTextLines(html: string): string[] {
  const marked = html
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h2|h3|blockquote|pre|ul|ol)>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== '•');
}
