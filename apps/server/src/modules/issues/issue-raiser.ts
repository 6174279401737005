import type { Database } from '../../db/database.js';
import { publishByTeam, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asWriter, type Caller, type RequestMeta } from '../organizations/index.js';
import { createIssueFromSource } from './issues.service.js';

export type IssueSourceKind = 'headline' | 'todo' | 'priority' | 'measurable' | 'meeting';

export interface IssueDraft {
  teamId: string;
  title: string;
  description: string;
  source: { kind: IssueSourceKind; id: string };
}

/**
 * Turns another object (a headline, an off-track priority…) into a linked issue. The draft is
 * built inside the same write scope so the source row is read under the caller's tenant and an
 * unknown or foreign source aborts before anything is written.
 */
export function createIssueRaiser(deps: { db: Database; changes: ChangeBus }) {
  const { db, changes } = deps;
  return {
    raise: async (
      caller: Caller,
      meta: RequestMeta,
      draft: (organizationId: string) => Promise<IssueDraft>,
    ): Promise<{ issueId: string; teamId: string }> => {
      const raised = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        const input = await draft(organizationId);
        const { id, teamId } = await createIssueFromSource(organizationId, { ...input, raisedById: userId });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'issue.raised_from_source',
          targetType: 'issue',
          targetId: id,
          summary: { teamId, source: input.source },
          ...meta,
        });
        return { issueId: id, teamId };
      });
      publishByTeam(
        changes,
        { organizationId: caller.organizationId, entity: 'issue', action: 'created', actorUserId: caller.userId },
        [{ id: raised.issueId, teamId: raised.teamId }],
      );
      return raised;
    },
  };
}

export type IssueRaiser = ReturnType<typeof createIssueRaiser>;
