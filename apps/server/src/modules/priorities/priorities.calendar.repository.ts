import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teamView } from '../teams/index.js';
import { priorities } from './priorities.table.js';

const team = teamView('team');

/** A person's calendar feed: the open priorities they own due in [from, to) (dates, yyyy-mm-dd), archived teams left out. */
export function openPrioritiesDueBetween(
  organizationId: string,
  userId: string,
  from: string,
  to: string,
  limit: number,
) {
  return tenantDb(organizationId)
    .select({
      id: priorities.id,
      title: priorities.title,
      dueDate: priorities.dueDate,
      teamId: priorities.teamId,
      teamName: team.name,
    })
    .from(priorities)
    .innerJoin(team, and(eq(team.id, priorities.teamId), isNull(team.archivedAt)))
    .where(
      and(
        eq(priorities.organizationId, organizationId),
        eq(priorities.ownerId, userId),
        isNull(priorities.archivedAt),
        inArray(priorities.status, ['on_track', 'off_track']),
        gte(priorities.dueDate, from),
        lt(priorities.dueDate, to),
      ),
    )
    .orderBy(asc(priorities.dueDate), asc(priorities.id))
    .limit(limit);
}
