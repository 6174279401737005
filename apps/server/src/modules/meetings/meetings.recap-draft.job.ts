import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { publishByTeam, type ChangeBus } from '../../realtime/change-bus.js';
import type { WrittenRecapDrafter } from './meetings.kit.js';
import { frozenRecap, queueRecapMails } from './meetings.recap.js';
import * as repository from './meetings.repository.js';

const payloadSchema = z.object({ organizationId: z.string().uuid(), meetingId: z.string().uuid() });

/**
 * A concluded meeting of an organization with the model on: the model drafts its recap in words (outside any
 * transaction), then one transaction stores it on the meeting, marked as drafted, and queues the summary mails
 * opening with it. Where the model is off by now, a limit is reached or it failed, the mails go with the
 * structured recap alone, as offline.
 */
export function defineMeetingRecapDraft(deps: {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer | undefined;
  appUrl: string;
  changes: ChangeBus;
  writtenRecaps: WrittenRecapDrafter;
}) {
  deps.jobs.define({
    kind: 'meetings.recap-draft',
    payload: payloadSchema,
    async run({ organizationId, meetingId }) {
      const scope = { organizationId, userId: null };
      const row = await readInTenant(deps.db, scope, () => repository.findMeeting(organizationId, meetingId));
      if (!row || row.status !== 'concluded' || !row.recap) return;
      const recap = frozenRecap(row.recap);
      const drafted = row.writtenRecap
        ? null
        : await deps.writtenRecaps.draft(organizationId, { meetingName: row.name, teamName: row.teamName, recap });
      await inTenant(deps.db, scope, async () => {
        if (drafted) await repository.saveDraftedRecap(organizationId, meetingId, drafted);
        if (!deps.mailer) return;
        const attendees = await repository.attendeesOf(organizationId, [meetingId]);
        const writtenRecap = drafted ?? row.writtenRecap?.text ?? null;
        await queueRecapMails(deps.mailer, deps.appUrl, organizationId, row, attendees, recap, writtenRecap);
      });
      if (drafted) {
        publishByTeam(deps.changes, { organizationId, entity: 'meeting', action: 'updated', actorUserId: null }, [
          { id: meetingId, teamId: row.teamId },
        ]);
      }
    },
    retryLimit: 2,
    retryDelaySeconds: 30,
    // Beyond the longest model timeout the settings allow (300 s).
    expireInSeconds: 600,
  });
}
