import { describe, expect, it } from 'vitest';
import { byteSize, durationWords, milliseconds, relativeTime } from './words';

describe('operations words', () => {
  it('writes sizes in the largest unit that keeps the number readable', () => {
    expect(byteSize(812)).toBe('812 bytes');
    expect(byteSize(1536)).toBe('1.5 KB');
    expect(byteSize(42 * 1024 * 1024)).toBe('42 MB');
    expect(byteSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(byteSize(72.94 * 1024 ** 3)).toBe('72.9 GB');
    expect(byteSize(252 * 1024 ** 3)).toBe('252 GB');
    expect(byteSize(2048 * 1024 ** 4)).toBe('2,048 TB');
  });

  it('writes uptimes with their two largest units', () => {
    expect(durationWords(0)).toBe('0 seconds');
    expect(durationWords(1)).toBe('1 second');
    expect(durationWords(3_725)).toBe('1 hour 2 minutes');
    expect(durationWords(86_400 + 30)).toBe('1 day');
  });

  it('writes latencies and moments the way people say them', () => {
    expect(milliseconds(0.42)).toBe('0.4 ms');
    expect(milliseconds(37.6)).toBe('38 ms');
    expect(milliseconds(1_250)).toBe('1.3 s');
    const now = Date.parse('2026-03-02T12:00:00Z');
    expect(relativeTime('2026-03-02T12:00:02Z', now)).toBe('just now');
    expect(relativeTime('2026-03-02T11:59:30Z', now)).toBe('30 seconds ago');
    expect(relativeTime('2026-03-02T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-03-01T12:00:00Z', now)).toBe('yesterday');
  });
});
