import type { Dashboard } from '@keel/contract';
import { useRealtimeTeam } from '../../../lib/realtime-react';

function FollowTeam({ teamId }: { teamId: string }) {
  useRealtimeTeam(teamId);
  return null;
}

/**
 * Live updates for every team the dashboard shows something of: the person's teams and the teams of
 * the items (one may own a to-do of a team they are not in). A hook per team needs a component per team.
 */
export function FollowTeams({ sections }: { sections: readonly (Dashboard | undefined)[] }) {
  const ids = new Set<string>();
  for (const section of sections) {
    if (!section) continue;
    for (const team of section.teams) ids.add(team.id);
    const lists = [section.priorities, section.milestones, section.todos, section.issues, section.headlines];
    for (const list of lists) for (const item of list?.items ?? []) ids.add(item.team.id);
  }
  return (
    <>
      {[...ids].sort().map((teamId) => (
        <FollowTeam key={teamId} teamId={teamId} />
      ))}
    </>
  );
}
