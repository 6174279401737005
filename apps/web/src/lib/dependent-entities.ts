/**
 * Views of one kind of object that show figures computed from another kind: refreshed with it. An annual
 * goal shows how many priorities serve it, so a priority's change refreshes the goals too; the accountability
 * view shows, per person, their seats, priorities, measurables, to-dos and issues, and the teams' members; a
 * department's overview counts its priorities, to-dos, issues, measurables and meetings.
 */
const DEPENDENTS: Readonly<Record<string, readonly string[]>> = {
  priority: ['annual_goal', 'accountability', 'department_overview'],
  todo: ['accountability', 'department_overview'],
  issue: ['accountability', 'department_overview'],
  scorecard: ['accountability', 'department_overview'],
  meeting: ['department_overview'],
  org_chart: ['accountability'],
  team: ['accountability', 'department_overview'],
};

export const withDependents = (entities: Iterable<string>): string[] => [
  ...new Set([...entities].flatMap((entity) => [entity, ...(DEPENDENTS[entity] ?? [])])),
];
