import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/**
 * What the console guard collects: every console error and unhandled error or rejection of every page
 * the journey opens. A journey that provokes one on purpose names it with `expectConsoleError`.
 */
export class ConsoleGuard {
  private readonly problems: string[] = [];
  private readonly expected: RegExp[] = [];
  private readonly watched = new WeakSet<Page>();

  /** Allows console errors matching `pattern` for the rest of this journey. */
  allow(pattern: RegExp): void {
    this.expected.push(pattern);
  }

  /**
   * Allows the browser's own console line for an HTTP answer the journey provokes on purpose
   * ("Failed to load resource: the server responded with a status of 409 (Conflict)") for a path
   * ending with `path` (query string ignored).
   */
  allowResponse(status: number, path: string): void {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.expected.push(new RegExp(`status of ${status} \\([^)]*\\) \\([^)]*${escaped}(\\?[^)]*)?\\)$`));
  }

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const location = message.location();
      const where = location.url ? ` (${location.url})` : '';
      this.problems.push(`console error on ${page.url()}: ${message.text()}${where}`);
    });
    page.on('pageerror', (error) => this.problems.push(`uncaught on ${page.url()}: ${error.message}`));
  }

  unexpected(): string[] {
    return this.problems.filter((problem) => !this.expected.some((pattern) => pattern.test(problem)));
  }
}

/** Makes every context the journey creates through `browser.newContext` watched too, until `restore`. */
function watchNewContexts(browser: Browser, guard: ConsoleGuard): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options: Parameters<Browser['newContext']>) => {
    const context = await newContext(...options);
    guard.watchContext(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * The journeys' `test`: Playwright's, with a console guard on every page. A journey fails on any console
 * error or unhandled rejection it did not name beforehand with `consoleGuard.allow(/…/)`.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context, browser }, use) => {
      const guard = new ConsoleGuard();
      guard.watchContext(context);
      const restore = watchNewContexts(browser, guard);
      await use(guard);
      restore();
      const problems = guard.unexpected();
      expect(problems, `unexpected console errors:\n${problems.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
