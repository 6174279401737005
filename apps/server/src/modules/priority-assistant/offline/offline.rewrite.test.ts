import { describe, expect, it } from 'vitest';
import { check } from '../../../test-support/offline-assistant.js';

describe('offline SMART rewrite', () => {
  it('adds a target template and the quarter end, never a number of its own', async () => {
    const answer = await check('Increase customer retention');
    expect(answer.rewrite).toEqual({
      title: "Increase customer retention to [target] (from [today's value]) by 30 September 2026",
      description: '',
    });
  });

  it('replaces vague words with a concrete verb or a prompt to fill in', async () => {
    const answer = await check('Improve onboarding stuff', '', '2026-09-30');
    expect(answer.rewrite?.title).toBe("Increase onboarding [what exactly] to [target] (from [today's value])");
  });

  it('swaps a date outside the quarter for its last day', async () => {
    const answer = await check('Reach $1.2M ARR by Q4');
    expect(answer.rewrite?.title).toBe('Reach $1.2M ARR by 30 September 2026');
  });

  it('keeps the first of several goals and lists the others in the description', async () => {
    const answer = await check(
      'Launch the mobile app, hire 5 engineers and migrate billing to Stripe',
      '',
      '2026-09-30',
    );
    expect(answer.rewrite?.title).toBe('Launch the mobile app');
    expect(answer.rewrite?.description).toContain(
      'Make separate priorities of: “hire 5 engineers”, “migrate billing to Stripe”.',
    );
  });

  it('asks which goal a misaligned priority serves and keeps the description', async () => {
    const answer = await check('Open the new office kitchen by September 1', 'Before the team offsite.');
    expect(answer.rewrite).toEqual({
      title: 'Open the new office kitchen by September 1',
      description: 'Before the team offsite.\n\nServes: [which annual goal or company priority].',
    });
  });

  it('writes the date in the language of the priority', async () => {
    expect((await check('Mejorar las ventas en Europa')).rewrite?.title).toBe(
      'Aumentar las ventas en Europa hasta [objetivo] (desde [valor actual]) antes del 30 de septiembre de 2026',
    );
    expect((await check('Neue Website für Händler veröffentlichen')).rewrite?.title).toBe(
      'Neue Website für Händler veröffentlichen bis 30. September 2026',
    );
  });

  it('points to the quarter when the due date field is wrong', async () => {
    const answer = await check('Publish the new pricing page', '', '2026-07-31');
    expect(answer.rewrite?.description).toContain('Due date: pick a day between 10 August 2026 and 30 September 2026.');
  });
});
