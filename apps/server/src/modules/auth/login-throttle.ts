/**
 * Counts failed sign-ins per account and per client address in memory. After too many failures in
 * the window, further attempts are refused (429) until the window passes, even with the right
 * password, so guessing is bounded. In memory is enough for one process; several processes would
 * each keep their own count (a documented limit of the embedded deployment).
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

interface Entry {
  failures: number;
  windowStart: number;
}

const MAX_TRACKED_KEYS = 50_000;

export class FailureThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until attempts are allowed again, or 0 when they are allowed now. */
  retryAfterMs(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const elapsed = this.now() - entry.windowStart;
    if (elapsed >= this.rule.windowMs) {
      this.entries.delete(key);
      return 0;
    }
    return entry.failures >= this.rule.maxFailures ? this.rule.windowMs - elapsed : 0;
  }

  recordFailure(key: string): void {
    const current = this.entries.get(key);
    const now = this.now();
    if (!current || now - current.windowStart >= this.rule.windowMs) {
      if (this.entries.size >= MAX_TRACKED_KEYS) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { failures: 1, windowStart: now });
      return;
    }
    current.failures += 1;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}

export const ACCOUNT_FAILURE_RULE: ThrottleRule = { maxFailures: 10, windowMs: 15 * 60 * 1000 };
export const ADDRESS_FAILURE_RULE: ThrottleRule = { maxFailures: 50, windowMs: 15 * 60 * 1000 };
