/**
 * Model requests per organization per minute, counted in this process: a fixed window per organization, forgotten
 * once it has passed. Several server processes each allow the limit (the monthly cap, in the database, is shared).
 */
export function createMinuteLimiter(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Takes one request from the organization's minute; false when none is left. */
    take(organizationId: string): boolean {
      const at = now();
      if (windows.size > 10_000) {
        for (const [id, window] of windows) if (at - window.startedAt >= 60_000) windows.delete(id);
      }
      const window = windows.get(organizationId);
      if (!window || at - window.startedAt >= 60_000) {
        windows.set(organizationId, { startedAt: at, count: 1 });
        return true;
      }
      if (window.count >= perMinute) return false;
      window.count += 1;
      return true;
    },
  };
}
