import type { TerminologyKey } from '@keel/contract';

/** What each label names (in the default terminology's words, spec section 3), grouped for the settings form. */
export const LABEL_GROUPS: Array<{ title: string; labels: Array<{ key: TerminologyKey; name: string }> }> = [
  {
    title: 'Execution',
    labels: [
      { key: 'priorities_label', name: 'Priorities (plural)' },
      { key: 'priority_singular', name: 'Priority (one)' },
      { key: 'milestones_label', name: 'Milestones' },
      { key: 'todos_label', name: 'Tasks (plural)' },
      { key: 'todo_singular', name: 'Task (one)' },
      { key: 'issues_label', name: 'Issues (plural)' },
      { key: 'issue_singular', name: 'Issue (one)' },
      { key: 'problem_solving_process', name: 'Problem-solving process' },
      { key: 'processes_label', name: 'Processes (plural)' },
      { key: 'process_singular', name: 'Process (one)' },
    ],
  },
  {
    title: 'Metrics',
    labels: [
      { key: 'scorecard_label', name: 'Metrics' },
      { key: 'scorecard_13_week_label', name: '13-week average' },
      { key: 'scorecard_quarter_label', name: 'Quarter average' },
      { key: 'scorecard_4_week_label', name: '4-week average' },
    ],
  },
  {
    title: 'Meetings and planning',
    labels: [
      { key: 'weekly_meeting_label', name: 'Weekly meeting' },
      { key: 'quarterly_meeting_label', name: 'Quarterly meeting' },
      { key: 'business_blueprint_label', name: '2-Page Plan' },
      { key: 'long_term_vision_label', name: 'Long-term vision' },
      { key: 'annual_goals_label', name: 'Annual goals' },
      { key: 'quarter_label', name: 'Quarter' },
      { key: 'year_label', name: 'Year' },
    ],
  },
  {
    title: 'Structure',
    labels: [
      { key: 'organization_label', name: 'Organization' },
      { key: 'team_label', name: 'Team' },
      { key: 'department_label', name: 'Department' },
      { key: 'accountability_chart_label', name: 'Organizational chart' },
    ],
  },
];
