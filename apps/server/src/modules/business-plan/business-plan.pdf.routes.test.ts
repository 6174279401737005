import { describe, expect, it } from 'vitest';
import {
  emptyBusinessPlanContent,
  fiscalQuarterOf,
  PLAN_LONG_TEXT_MAX,
  type BusinessPlan,
  type BusinessPlanContent,
} from '@keel/contract';
import { pdfText } from '../../test-support/pdf-text.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { bodyOf } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

async function savePlan(teamId: string, content: BusinessPlanContent) {
  const response = await call(t.owner, 'PUT', '/business-plan', { teamId, version: 0, content });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: BusinessPlan }>(response).data;
}

async function pdfOf(query: string) {
  const response = await call(t.owner, 'GET', `/business-plan/pdf${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response;
}

describe('GET /business-plan/pdf', () => {
  it('says an empty plan is empty, on one page, instead of failing', async () => {
    const team = await addTeam(t.context, t.owner, 'Empty plan', [t.owner.user.id]);
    const response = await pdfOf(`?teamId=${team}`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="2-Page Plan - Empty plan.pdf"; filename*=UTF-8''${encodeURIComponent('2-Page Plan - Empty plan.pdf')}`,
    );
    const lines = pdfText(response.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining([
        '2-Page Plan',
        'Empty plan',
        'Not saved yet',
        'This plan is empty: nothing has been written in it yet.',
      ]),
    );
    expect(pageCount(response.rawPayload)).toBe(1);
  });

  it('shows the visible sections in their order with custom titles, and the live goals, priorities and issues', async () => {
    const team = await addTeam(t.context, t.owner, 'Kraków office', [t.owner.user.id, t.member.user.id]);
    const year = fiscalQuarterOf(new Date(), 1).year;
    const goal = await call(t.owner, 'POST', '/annual-goals', {
      teamId: team,
      year,
      title: 'Open the Łódź depot',
      ownerId: t.member.user.id,
      status: 'on_track',
      target: '3 depots',
    });
    expect(goal.statusCode, goal.body).toBe(201);
    const priority = await call(t.owner, 'POST', '/priorities', {
      teamId: team,
      title: 'Hire two drivers',
      ownerIds: [t.owner.user.id],
      scope: 'team',
    });
    expect(priority.statusCode, priority.body).toBe(201);
    const individual = await call(t.owner, 'POST', '/priorities', {
      teamId: team,
      title: 'Read a book on logistics',
      ownerIds: [t.owner.user.id],
      scope: 'individual',
    });
    expect(individual.statusCode, individual.body).toBe(201);
    for (const [title, horizon] of [
      ['Move to a bigger warehouse', 'long_term'],
      ['Printer is jammed', 'short_term'],
    ]) {
      const issue = await call(t.owner, 'POST', '/issues', { teamId: team, title, horizon });
      expect(issue.statusCode, issue.body).toBe(201);
    }
    const content = emptyBusinessPlanContent();
    content.sections = content.sections.map((section) =>
      section.key === 'swot'
        ? { ...section, hidden: true }
        : section.key === 'core_values'
          ? { ...section, title: 'What we stand for' }
          : section,
    );
    content.coreValues = [{ id: 'v1', title: 'Zoë’s candour', description: 'Say it kindly' }];
    content.coreFocus = { purpose: 'Deliver on time', niche: 'Cold chain' };
    content.marketingStrategy.uniques = ['Same-day', 'Temperature logs'];
    content.oneYearPlan = { date: `${year}-12-31`, revenue: '$4M', profit: '12%', measurables: ['98% on time'] };
    content.swot.strengths = ['Hidden strength'];
    await savePlan(team, content);

    const lines = pdfText((await pdfOf(`?teamId=${team}`)).rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Kraków office',
        'What we stand for',
        '•  Zoë’s candour — Say it kindly',
        'Purpose: Deliver on time',
        'Niche: Cold chain',
        '•  Same-day',
        'Revenue: $4M',
        `Annual Goals ${year}`,
        '•  Open the Łódź depot — Grace Hopper, on track, 3 depots',
        'Quarterly Priorities',
        expect.stringMatching(/^• {2}Hire two drivers — .+, on track$/),
        '•  Move to a bigger warehouse',
      ]),
    );
    const text = lines.join('\n');
    expect(text).not.toContain('SWOT');
    expect(text).not.toContain('Hidden strength');
    expect(text).not.toContain('Read a book on logistics');
    expect(text).not.toContain('Printer is jammed');
    expect(text.indexOf('What we stand for')).toBeLessThan(text.indexOf('Core Focus'));
  });

  it('fits the fullest plan on two pages, saying what it had to leave out', async () => {
    const team = await addTeam(t.context, t.owner, 'Long plan', [t.owner.user.id]);
    const long = 'Every word matters here. '.repeat(PLAN_LONG_TEXT_MAX / 25).trim();
    const lines = (count: number, word: string) => Array.from({ length: count }, (_, index) => `${word} ${index + 1}`);
    const content: BusinessPlanContent = {
      ...emptyBusinessPlanContent(),
      coreValues: Array.from({ length: 12 }, (_, index) => ({
        id: `v${index}`,
        title: `Value ${index}`,
        description: long,
      })),
      coreFocus: { purpose: long, niche: long },
      tenYearTarget: { year: 2036, text: long },
      swot: { strengths: lines(20, 'Strength'), weaknesses: lines(20, 'Weakness'), opportunities: [], threats: [] },
    };
    await savePlan(team, content);
    const pdf = (await pdfOf(`?teamId=${team}`)).rawPayload;
    expect(pageCount(pdf)).toBe(2);
    expect(pdfText(pdf)).toContain('The rest of this plan does not fit on two pages: read it in Keel.');
  });

  it('answers 401 without a token, 403 to a member outside a team, 404 to another organization', async () => {
    expect((await call(null, 'GET', '/business-plan/pdf')).statusCode).toBe(401);
    const team = await addTeam(t.context, t.owner, 'Closed plan', [t.owner.user.id]);
    expect((await call(t.member, 'GET', `/business-plan/pdf?teamId=${team}`)).statusCode).toBe(403);
    expect((await call(t.owner, 'GET', '/business-plan/pdf', undefined, t.other.user.organizationId)).statusCode).toBe(
      404,
    );
    expect((await call(t.owner, 'GET', `/business-plan/pdf?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
  });
});
