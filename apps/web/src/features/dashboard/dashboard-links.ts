/** Where an object of the dashboard lives: the main page when it is the selected team's, else the team's own page. */
export type LinkedKind = 'priority' | 'todo' | 'issue' | 'headline';

const MAIN: Record<LinkedKind, string> = {
  priority: '/quarterly-priorities',
  todo: '/todos',
  issue: '/issues',
  headline: '/headlines',
};

const DEPARTMENT: Partial<Record<LinkedKind, string>> = {
  priority: 'priorities',
  todo: 'todos',
  issue: 'issues',
};

/**
 * Headlines have no per-department page: for another team the caller selects that department
 * first (see `needsSelection`), then the main page shows it.
 */
export function pageFor(kind: LinkedKind, teamId: string, selectedTeamId: string | null | undefined): string {
  const child = DEPARTMENT[kind];
  if (teamId === selectedTeamId || !child) return MAIN[kind];
  return `/departments/${teamId}/${child}`;
}

export const needsSelection = (kind: LinkedKind, teamId: string, selectedTeamId: string | null | undefined) =>
  kind === 'headline' && teamId !== selectedTeamId;
