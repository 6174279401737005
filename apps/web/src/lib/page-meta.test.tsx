import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPageTitle, usePageMeta } from './page-meta';

const metaContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('usePageMeta', () => {
  afterEach(() => {
    document.title = '';
  });

  it('sets the title, description, social tags, robots and canonical link', () => {
    window.history.replaceState(null, '', '/comparison?utm_source=test#top');
    renderHook(() =>
      usePageMeta({ title: 'How Keel compares', description: 'An honest comparison.', keywords: 'a, b' }),
    );

    expect(document.title).toBe('How Keel compares · Keel');
    expect(metaContent('meta[name="description"]')).toBe('An honest comparison.');
    expect(metaContent('meta[name="keywords"]')).toBe('a, b');
    expect(metaContent('meta[name="robots"]')).toBe('index,follow');
    expect(metaContent('meta[property="og:title"]')).toBe('How Keel compares · Keel');
    expect(metaContent('meta[property="og:description"]')).toBe('An honest comparison.');
    expect(metaContent('meta[property="og:type"]')).toBe('website');
    expect(metaContent('meta[name="twitter:card"]')).toBe('summary');
    expect(metaContent('meta[name="twitter:title"]')).toBe('How Keel compares · Keel');
    const expectedUrl = `${window.location.origin}/comparison`;
    expect(metaContent('meta[property="og:url"]')).toBe(expectedUrl);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(expectedUrl);
  });

  it('honours the noindex flag and removes its tags again on unmount', () => {
    const { unmount } = renderHook(() =>
      usePageMeta({ title: 'Private', description: 'Hidden page.', robots: 'noindex,nofollow' }),
    );
    expect(metaContent('meta[name="robots"]')).toBe('noindex,nofollow');
    unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('uses the bare product name when the title is empty', () => {
    expect(formatPageTitle('')).toBe('Keel');
    expect(formatPageTitle('Terms of Service')).toBe('Terms of Service · Keel');
  });
});
