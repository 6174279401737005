import type { ComponentType } from 'react';
import { ComingSoonPage } from '../components/ComingSoonPage';
import type { PageId } from '../page-catalog';

const components = new Map<PageId, ComponentType>();

/**
 * One component per page id, created once: variant routes (e.g. /scorecard-original) reuse the
 * same component as their base route, so React keeps the page mounted when moving between them.
 */
export function placeholderPage(page: PageId): ComponentType {
  let component = components.get(page);
  if (!component) {
    const Page = () => <ComingSoonPage page={page} />;
    Page.displayName = `Placeholder(${page})`;
    component = Page;
    components.set(page, component);
  }
  return component;
}
