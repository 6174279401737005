/**
 * Product analytics, deliberately local: events are written to console.debug and nothing leaves
 * the browser. A real sink can be added here later without touching the screens.
 */
export function trackSignup(details: { email: string; organizationName: string }): void {
  console.debug('[keel] signup', {
    organizationName: details.organizationName,
    emailDomain: details.email.split('@')[1] ?? '',
  });
}
