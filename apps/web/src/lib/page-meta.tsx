import { useEffect } from 'react';

export const PRODUCT_SHORT_NAME = 'Keel';

export type RobotsDirective = 'index,follow' | 'noindex,nofollow';

export interface PageMeta {
  title: string;
  description: string;
  robots?: RobotsDirective;
  keywords?: string;
}

type HeadTag =
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; value: string }
  | { kind: 'link'; rel: string; value: string };

export const formatPageTitle = (title: string): string =>
  title.trim() === '' ? PRODUCT_SHORT_NAME : `${title.trim()} · ${PRODUCT_SHORT_NAME}`;

const selectorFor = (tag: HeadTag): string =>
  tag.kind === 'meta' ? `meta[${tag.attribute}="${tag.key}"]` : `link[rel="${tag.rel}"]`;

const valueAttribute = (tag: HeadTag): 'content' | 'href' => (tag.kind === 'meta' ? 'content' : 'href');

/**
 * Writes one head tag and returns how to put the head back as it was, so a page that asks for
 * noindex (or a description) does not leak it onto the next page, which may set no metadata.
 */
const applyHeadTag = (tag: HeadTag): (() => void) => {
  const existing = document.head.querySelector<HTMLElement>(selectorFor(tag));
  const attribute = valueAttribute(tag);
  if (existing) {
    const previous = existing.getAttribute(attribute);
    existing.setAttribute(attribute, tag.value);
    return () => {
      if (previous === null) existing.removeAttribute(attribute);
      else existing.setAttribute(attribute, previous);
    };
  }
  const created = document.createElement(tag.kind);
  if (tag.kind === 'meta') created.setAttribute(tag.attribute, tag.key);
  else created.setAttribute('rel', tag.rel);
  created.setAttribute(attribute, tag.value);
  document.head.appendChild(created);
  return () => created.remove();
};

export const buildHeadTags = (meta: PageMeta, url: string): HeadTag[] => {
  const title = formatPageTitle(meta.title);
  const tags: HeadTag[] = [
    { kind: 'meta', attribute: 'name', key: 'description', value: meta.description },
    { kind: 'meta', attribute: 'name', key: 'robots', value: meta.robots ?? 'index,follow' },
    { kind: 'meta', attribute: 'property', key: 'og:title', value: title },
    { kind: 'meta', attribute: 'property', key: 'og:description', value: meta.description },
    { kind: 'meta', attribute: 'property', key: 'og:type', value: 'website' },
    { kind: 'meta', attribute: 'property', key: 'og:url', value: url },
    { kind: 'meta', attribute: 'property', key: 'og:site_name', value: PRODUCT_SHORT_NAME },
    { kind: 'meta', attribute: 'name', key: 'twitter:card', value: 'summary' },
    { kind: 'meta', attribute: 'name', key: 'twitter:title', value: title },
    { kind: 'meta', attribute: 'name', key: 'twitter:description', value: meta.description },
    { kind: 'link', rel: 'canonical', value: url },
  ];
  if (meta.keywords) tags.push({ kind: 'meta', attribute: 'name', key: 'keywords', value: meta.keywords });
  return tags;
};

/** The canonical address drops query and hash so tracking parameters never split a page's ranking. */
export const canonicalUrl = (): string => `${window.location.origin}${window.location.pathname}`;

export function usePageMeta({ title, description, robots, keywords }: PageMeta): void {
  // The pathname is a dependency so the canonical and og:url follow client-side navigation.
  const pathname = typeof window === 'undefined' ? '' : window.location.pathname;
  useEffect(() => {
    const previousTitle = document.title;
    document.title = formatPageTitle(title);
    const meta: PageMeta = { title, description };
    if (robots) meta.robots = robots;
    if (keywords) meta.keywords = keywords;
    const restorers = buildHeadTags(meta, canonicalUrl()).map(applyHeadTag);
    return () => {
      document.title = previousTitle;
      for (const restore of restorers.reverse()) restore();
    };
  }, [title, description, robots, keywords, pathname]);
}
