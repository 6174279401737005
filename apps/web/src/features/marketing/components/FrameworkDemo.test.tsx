import { TERMINOLOGY_PRESETS } from '@keel/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameworkDemo } from './FrameworkDemo';

const presetAt = (index: number) => {
  const preset = TERMINOLOGY_PRESETS[index];
  if (!preset) throw new Error(`no preset at ${index}`);
  return preset;
};

const selectedChip = () =>
  screen.getAllByRole('button', { pressed: true }).filter((button) => button.closest('[role="group"]'));

const expectShowing = (index: number) => {
  const preset = presetAt(index);
  expect(selectedChip().map((chip) => chip.textContent)).toEqual([preset.name]);
  expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(preset.fullName);
  expect(screen.getByText(preset.terms.priorities, { selector: 'dd' })).toBeTruthy();
};

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

const nextButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });

describe('FrameworkDemo', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows five methodology chips and all six terms of the first one', () => {
    render(<FrameworkDemo />);
    const chips = screen.getByRole('group', { name: 'Methodologies' }).querySelectorAll('button');
    expect([...chips].map((chip) => chip.textContent)).toEqual(TERMINOLOGY_PRESETS.map((preset) => preset.name));
    expect(TERMINOLOGY_PRESETS).toHaveLength(5);
    const first = presetAt(0);
    const shownTerms = screen.getAllByRole('definition').map((term) => term.textContent);
    expect(shownTerms).toEqual(Object.values(first.terms));
  });

  it('advances every 3 seconds, fading out for the last 300 ms', () => {
    render(<FrameworkDemo />);
    const panel = screen.getByTestId('framework-terms');
    expectShowing(0);
    advance(2699);
    expect(panel.className).toContain('opacity-100');
    advance(1);
    expect(panel.className).toContain('opacity-0');
    expectShowing(0);
    advance(300);
    expectShowing(1);
    expect(panel.className).toContain('opacity-100');
    advance(3000);
    expectShowing(2);
  });

  it('wraps around to the first methodology after the last', () => {
    render(<FrameworkDemo />);
    // One step per act: each switch schedules the next one from an effect after React commits.
    for (let step = 1; step <= 4; step += 1) {
      advance(3000);
      expectShowing(step);
    }
    advance(3000);
    expectShowing(0);
  });

  it('stops auto-play and selects the methodology when a chip is clicked', () => {
    render(<FrameworkDemo />);
    fireEvent.click(screen.getByRole('button', { name: presetAt(3).name }));
    expectShowing(3);
    expect(screen.getByRole('button', { name: /^Paused/ })).toBeTruthy();
    advance(9000);
    expectShowing(3);
  });

  it('enables Next only while paused, and Next wraps around', () => {
    render(<FrameworkDemo />);
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^Auto-Playing/ }));
    expect(screen.getByRole('button', { name: /^Paused/ })).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
    fireEvent.click(nextButton());
    expectShowing(1);
    fireEvent.click(screen.getByRole('button', { name: presetAt(4).name }));
    fireEvent.click(nextButton());
    expectShowing(0);

    fireEvent.click(screen.getByRole('button', { name: /^Paused/ }));
    expect(nextButton().disabled).toBe(true);
    advance(3000);
    expectShowing(1);
  });
});
