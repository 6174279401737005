import { describe, expect, it } from 'vitest';
import type { OrgChart, OrgChartHolderHistoryEntry, OrgChartPublication } from '@keel/contract';
import { chartCalls, useEmptyChart } from '../../test-support/org-chart-fixture.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { auditEvents, bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();
const { createSeat, draft, titlesUnder } = chartCalls(t, call);
useEmptyChart(t);

const publish = async () => {
  const response = await call(t.owner, 'POST', '/org-chart/publish');
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: OrgChartPublication }>(response).data;
};
const published = async () => bodyOf<{ data: OrgChart }>(await call(t.member, 'GET', '/org-chart')).data.publication;
const historyOf = async (path: string) => {
  const response = await call(t.member, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: OrgChartHolderHistoryEntry[] }>(response).data;
};
const setMethodology = (methodology: string | null) =>
  queryAsOwner(
    t.context.database,
    `update organizations set methodology = ${methodology ? `'${methodology}'` : 'null'} where id = '${t.orgId}'`,
  );

describe('POST /org-chart/publish', () => {
  it('shows people the published chart while the draft changes, and flags the difference', async () => {
    const seat = await createSeat(t.owner, { title: 'Chief Executive', holders: [{ userId: t.owner.user.id }] });
    expect((await draft()).differsFromPublished).toBe(true);
    const first = await publish();
    expect(first).toMatchObject({ version: 1, publishedBy: { id: t.owner.user.id } });
    expect((await draft()).differsFromPublished).toBe(false);
    await call(t.owner, 'PATCH', `/org-chart/seats/${seat.id}`, { version: 1, title: 'CEO' });
    expect((await draft()).differsFromPublished).toBe(true);
    expect((await published())?.seats.map((one) => one.title)).toEqual(['Chief Executive']);
    expect((await publish()).version).toBe(2);
    expect((await published())?.seats.map((one) => one.title)).toEqual(['CEO']);
    expect(await auditEvents(t.context.database, 'org_chart.published')).not.toHaveLength(0);
  });

  it('refuses to publish an empty draft', async () => {
    const response = await call(t.owner, 'POST', '/org-chart/publish');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'org_chart.empty_draft' });
  });

  it('opens and closes holder history rows for holders added and removed between publications', async () => {
    const seat = await createSeat(t.owner, {
      title: 'Operations',
      holders: [{ userId: t.member.user.id }, { placeholderName: 'Hiring: deputy' }],
    });
    await publish();
    await call(t.owner, 'PATCH', `/org-chart/seats/${seat.id}`, { version: 1, holders: [{ userId: t.owner.user.id }] });
    // Unpublished changes make no history.
    expect(await historyOf(`/org-chart/seats/${seat.id}/history`)).toHaveLength(2);
    await publish();
    const history = await historyOf(`/org-chart/seats/${seat.id}/history`);
    expect(history).toHaveLength(3);
    const byName = Object.fromEntries(history.map((row) => [row.name, row]));
    expect(byName['Grace Hopper']).toMatchObject({
      userId: t.member.user.id,
      seatTitle: 'Operations',
      endedAt: expect.any(String) as string,
    });
    expect(byName['Hiring: deputy']).toMatchObject({ userId: null, endedAt: expect.any(String) as string });
    expect(byName['Ada Lovelace']).toMatchObject({ userId: t.owner.user.id, endedAt: null });
    const person = await historyOf(`/org-chart/people/${t.member.user.id}/history`);
    expect(person).toEqual([
      expect.objectContaining({ seatId: seat.id, seatTitle: 'Operations', endedAt: expect.any(String) as string }),
    ]);
    expect((await call(t.member, 'GET', `/org-chart/people/${t.other.user.id}/history`)).statusCode).toBe(404);
  });
});

describe('POST /org-chart/discard', () => {
  it('puts the draft back to the last publication', async () => {
    const top = await createSeat(t.owner, { title: 'Top', holders: [{ userId: t.member.user.id }] });
    await createSeat(t.owner, { parentId: top.id, title: 'Kept' });
    await publish();
    await call(t.owner, 'DELETE', `/org-chart/seats/${top.id}`);
    await createSeat(t.owner, { title: 'Draft only' });
    const response = await call(t.owner, 'POST', '/org-chart/discard');
    expect(response.statusCode, response.body).toBe(200);
    const seats = (await draft()).seats;
    expect(titlesUnder(seats, null)).toEqual(['Top']);
    expect(titlesUnder(seats, top.id)).toEqual(['Kept']);
    expect(seats.find((seat) => seat.id === top.id)?.holders).toEqual([
      { userId: t.member.user.id, name: 'Grace Hopper', placeholderName: null },
    ]);
    expect((await draft()).differsFromPublished).toBe(false);
  });

  it('answers 409 when nothing was ever published', async () => {
    const response = await call(t.owner, 'POST', '/org-chart/discard');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'org_chart.nothing_published' });
  });
});

describe('POST /org-chart/suggested-seats', () => {
  it('starts a chart with neutral seats when no methodology or another than EOS is chosen', async () => {
    for (const methodology of [null, '4dx']) {
      await setMethodology(methodology);
      await queryAsOwner(t.context.database, `delete from org_chart_seats where organization_id = '${t.orgId}'`);
      expect((await call(t.owner, 'POST', '/org-chart/suggested-seats')).statusCode).toBe(200);
      const seats = (await draft()).seats;
      const [top] = titlesUnder(seats, null);
      expect(top).toBe('Chief Executive');
      const topId = seats.find((seat) => seat.title === top)!.id;
      expect(titlesUnder(seats, topId)).toEqual(['Sales & Marketing', 'Operations', 'Finance']);
      expect(JSON.stringify(seats)).not.toMatch(/Visionary|Integrator/);
    }
  });

  it('starts an EOS chart with the EOS seats, and refuses a chart that has seats', async () => {
    await setMethodology('eos');
    expect((await call(t.owner, 'POST', '/org-chart/suggested-seats')).statusCode).toBe(200);
    const seats = (await draft()).seats;
    expect(titlesUnder(seats, null)).toEqual(['Visionary']);
    const visionary = seats.find((seat) => seat.title === 'Visionary')!;
    expect(titlesUnder(seats, visionary.id)).toEqual(['Integrator']);
    const integrator = seats.find((seat) => seat.title === 'Integrator')!;
    expect(titlesUnder(seats, integrator.id)).toEqual(['Sales/Marketing', 'Operations', 'Finance']);
    const again = await call(t.owner, 'POST', '/org-chart/suggested-seats');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'org_chart.not_empty' });
    expect((await call(t.member, 'POST', '/org-chart/suggested-seats')).statusCode).toBe(403);
    await setMethodology(null);
  });
});

describe('GET /org-chart/export.pdf', () => {
  it('refuses an empty chart with a clear message, not an empty file', async () => {
    const response = await call(t.member, 'GET', '/org-chart/export.pdf');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'org_chart.nothing_published',
      error: expect.stringMatching(/not been published/) as string,
    });
  });

  it('draws the published chart with titles, holders and roles, readable by every member', async () => {
    const top = await createSeat(t.owner, { title: 'Chief Executive', holders: [{ userId: t.owner.user.id }] });
    await createSeat(t.owner, {
      parentId: top.id,
      title: 'Finance',
      roles: ['Budgets and reporting'],
      holders: [{ placeholderName: 'Hiring: Łukasz’s successor' }],
    });
    await publish();
    await createSeat(t.owner, { title: 'Draft seat' });
    const response = await call(t.member, 'GET', '/org-chart/export.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="Organizational Chart \d{4}-\d\d-\d\d\.pdf"/,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining([
        'Organizational Chart',
        'Chief Executive',
        'Ada Lovelace',
        'Finance',
        'Open seat: Hiring: Łukasz’s successor',
        '•  Budgets and reporting',
      ]),
    );
    expect(text.join('\n')).not.toContain('Draft seat');
  });
});
