/**
 * The single place where unexpected errors go. No error-reporting service is wired yet
 * (no third-party calls), so it logs; a provider can be plugged in here without touching callers.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[keel] unexpected error', error, context ?? {});
}

/** Spec section 8: unhandled global errors and promise rejections are logged only. */
export function installGlobalErrorLogging(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, { kind: 'error' }));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { kind: 'unhandledrejection' }));
}
