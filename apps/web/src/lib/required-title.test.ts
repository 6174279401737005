import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useRequiredTitle } from './required-title';

describe('useRequiredTitle', () => {
  it('answers the trimmed title, or null with "Title is required" on the field until one is typed', () => {
    const { result } = renderHook(() => useRequiredTitle('  '));
    let checked: string | null = 'unset';
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toBeNull();
    expect(result.current.field.error).toBe('Title is required');

    act(() => result.current.setTitle('  Call the bank '));
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toBe('Call the bank');
    expect(result.current.field.error).toBeUndefined();
    expect(result.current.field.value).toBe('  Call the bank ');
  });
});
