import { describe, expect, it } from 'vitest';
import { meetingListQuerySchema } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { queryAsOwner, recordedChanges } from '../../test-support/test-app.js';
import { createMeetingsService } from './meetings.service.js';

const { state: t } = useTeamSuite();
const meta = { ipAddress: 'test', userAgent: 'vitest' };

function recordedService() {
  const { changes, events } = recordedChanges();
  return { service: createMeetingsService({ db: t.context.database.db, changes }), events };
}

const owner = () => ({ organizationId: t.orgId, userId: t.owner.user.id });
const member = () => ({ organizationId: t.orgId, userId: t.member.user.id });

describe('the notes of a meeting', () => {
  it('saves them against their own version, tells the team, and leaves the meeting where it was', async () => {
    const { service, events } = recordedService();
    const team = await addTeam(t.context, t.owner, 'Notes saved');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-accountability' }, meta);
    expect(started).toMatchObject({ notes: '', notesVersion: 1 });

    const saved = await service.saveNotes(owner(), started.id, { notes: 'Hire two people\nby March', notesVersion: 1 });
    expect(saved).toMatchObject({ notes: 'Hire two people\nby March', notesVersion: 2, currentSection: 0 });
    expect(events.at(-1)).toMatchObject({ entity: 'meeting', action: 'updated', teamId: team, ids: [started.id] });

    const moved = await service.navigate(owner(), started.id, { from: 0, to: 1 });
    expect(moved).toMatchObject({ currentSection: 1, notes: 'Hire two people\nby March', notesVersion: 2 });
    await service.conclude(owner(), started.id, meta);
  });

  it('refuses a save over notes someone else saved since, and the meeting then shows their text', async () => {
    const { service } = recordedService();
    const team = await addTeam(t.context, t.owner, 'Notes race');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-express' }, meta);
    await service.roles(owner(), started.id, { facilitatorId: t.owner.user.id, scribeId: t.member.user.id });
    await service.saveNotes(member(), started.id, { notes: 'The scribe’s notes', notesVersion: 1 });

    await expect(
      service.saveNotes(owner(), started.id, { notes: 'The facilitator’s notes', notesVersion: 1 }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'meeting.notes_changed' });
    expect(await service.get(owner(), started.id)).toMatchObject({ notes: 'The scribe’s notes', notesVersion: 2 });

    const kept = await service.saveNotes(owner(), started.id, { notes: 'The facilitator’s notes', notesVersion: 2 });
    expect(kept).toMatchObject({ notes: 'The facilitator’s notes', notesVersion: 3 });
    await service.conclude(owner(), started.id, meta);
  });

  it('lets only whoever leads the meeting write them, and anyone while it has no facilitator', async () => {
    const { service } = recordedService();
    const team = await addTeam(t.context, t.owner, 'Notes lead', [t.owner.user.id, t.member.user.id]);
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-express' }, meta);
    await expect(
      service.saveNotes(member(), started.id, { notes: 'Not mine to write', notesVersion: 1 }),
    ).rejects.toMatchObject({ statusCode: 403, code: 'meeting.facilitator_only' });
    expect((await service.get(member(), started.id)).notes).toBe('');

    await service.roles(owner(), started.id, { facilitatorId: null, scribeId: null });
    const anyone = await service.saveNotes(member(), started.id, { notes: 'Anyone may now', notesVersion: 1 });
    expect(anyone.notes).toBe('Anyone may now');
    await service.conclude(owner(), started.id, meta);
  });

  it('freezes them into the recap at conclude and refuses any later change', async () => {
    const { service } = recordedService();
    const team = await addTeam(t.context, t.owner, 'Notes frozen');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-express' }, meta);
    await service.saveNotes(owner(), started.id, { notes: 'Budget approved: the Quokka plan', notesVersion: 1 });
    const concluded = await service.conclude(owner(), started.id, meta);
    expect(concluded.recap?.notes).toBe('Budget approved: the Quokka plan');

    await expect(service.saveNotes(owner(), started.id, { notes: 'Too late', notesVersion: 2 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'meeting.notes_frozen',
    });
    expect((await service.get(owner(), started.id)).recap?.notes).toBe('Budget approved: the Quokka plan');

    const found = await service.list(owner(), meetingListQuerySchema.parse({ search: 'quokka PLAN' }));
    expect(found.data.map((item) => item.id)).toEqual([concluded.id]);
    expect(found.data[0]).not.toHaveProperty('notes');
  });

  it('refuses notes on a meeting not yet started, and finds no running meeting by its notes', async () => {
    const { service } = recordedService();
    const team = await addTeam(t.context, t.owner, 'Notes early');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const later = await service.start(
      owner(),
      { teamId: team, typeKey: 'weekly-express', scheduledAt: tomorrow },
      meta,
    );
    await expect(service.saveNotes(owner(), later.id, { notes: 'Too early', notesVersion: 1 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'meeting.not_running',
    });

    const running = await service.begin(owner(), later.id);
    await service.saveNotes(owner(), running.id, { notes: 'Wombat budget', notesVersion: 1 });
    expect((await service.list(owner(), meetingListQuerySchema.parse({ search: 'wombat' }))).data).toEqual([]);
    await service.conclude(owner(), running.id, meta);
  });

  it('reads a recap frozen before meetings had notes as having none', async () => {
    const { service } = recordedService();
    const team = await addTeam(t.context, t.owner, 'Notes before');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-express' }, meta);
    await service.conclude(owner(), started.id, meta);
    await queryAsOwner(t.context.database, `update meetings set recap = recap - 'notes' where id = '${started.id}'`);
    expect((await service.get(owner(), started.id)).recap?.notes).toBe('');
  });
});
