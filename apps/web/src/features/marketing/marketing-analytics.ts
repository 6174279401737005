export const FRAMEWORK_DEMO_EVENT = 'Framework Switching Demo';

/**
 * Records which features visitors show interest in. Deliberately local only (console.debug):
 * no third-party analytics runs on public pages, so nothing leaves the browser.
 */
export function trackFeatureInterest(name: string): void {
  console.debug('[keel] feature interest:', name);
}
