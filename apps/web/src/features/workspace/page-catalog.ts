import type { Terminology } from '@keel/contract';

interface PageEntry {
  /** The page's name; renamable concepts come from the organization's terminology. */
  title: (terms: Terminology) => string;
  /** One sentence on what the page will do (shown while it is not built). */
  purpose: (terms: Terminology) => string;
}

const lower = (label: string) => label.toLowerCase();

/**
 * Every signed-in page of spec section 2, by id. Routes refer to these ids; the top bar and the
 * placeholder pages read names from here so a renamed concept is renamed everywhere.
 */
export const PAGE_CATALOG = {
  dashboard: {
    title: () => 'My dashboard',
    purpose: (t) =>
      `Your week at a glance: your ${lower(t.priorities_label)}, ${lower(t.todos_label)}, ${lower(t.issues_label)} and the numbers you own.`,
  },
  businessBlueprint: {
    title: (t) => t.business_blueprint_label,
    purpose: (t) =>
      `Your business plan on two pages: core values, focus, ${lower(t.long_term_vision_label)}, ${lower(t.annual_goals_label)} and marketing strategy.`,
  },
  priorities: {
    title: (t) => t.priorities_label,
    purpose: (t) =>
      `Set this ${lower(t.quarter_label)}'s ${lower(t.priorities_label)} with owners and ${lower(t.milestones_label)}, and see at a glance which are on or off track.`,
  },
  prioritiesImport: {
    title: (t) => `Import ${t.priorities_label}`,
    purpose: (t) => `Bring existing ${lower(t.priorities_label)} in from a spreadsheet.`,
  },
  issuesImport: {
    title: (t) => `Import ${t.issues_label}`,
    purpose: (t) => `Bring existing ${lower(t.issues_label)} in from a spreadsheet.`,
  },
  priorityAssistant: {
    title: (t) => `${t.priority_singular} assistant`,
    purpose: (t) =>
      `An assistant that checks each ${lower(t.priority_singular)} is specific and measurable, suggests ${lower(t.milestones_label)} and checks alignment with the ${lower(t.annual_goals_label)}.`,
  },
  scorecard: {
    title: (t) => t.scorecard_label,
    purpose: (t) =>
      `Weekly and monthly numbers with goals, red/yellow/green tracking and the ${lower(t.scorecard_13_week_label)}.`,
  },
  meetings: {
    title: () => 'Meetings',
    purpose: (t) =>
      `Start and run your team's ${lower(t.weekly_meeting_label)}, ${lower(t.quarterly_meeting_label)} and annual planning.`,
  },
  weeklyMeeting: {
    title: (t) => t.weekly_meeting_label,
    purpose: (t) =>
      `Run the weekly meeting live with your team: check-in, ${lower(t.scorecard_label)}, ${lower(t.priorities_label)}, headlines, ${lower(t.todos_label)} and ${lower(t.problem_solving_process)}.`,
  },
  weeklyExpress: {
    title: (t) => `${t.weekly_meeting_label} (express)`,
    purpose: () => 'A shorter weekly meeting for busy weeks, with the same live agenda and summary.',
  },
  quarterlyPlanning: {
    title: (t) => t.quarterly_meeting_label,
    purpose: (t) => `Review the last ${lower(t.quarter_label)} and set the next ${lower(t.priorities_label)} together.`,
  },
  annualPlanning: {
    title: () => 'Annual planning meeting',
    purpose: (t) =>
      `Refresh the ${lower(t.business_blueprint_label)} and agree the ${lower(t.annual_goals_label)} for the coming ${lower(t.year_label)}.`,
  },
  meetingHistory: {
    title: () => 'Meeting history',
    purpose: () => 'Every past meeting with its ratings, decisions and the summary that was sent.',
  },
  todos: {
    title: (t) => t.todos_label,
    purpose: (t) => `Seven-day ${lower(t.todos_label)} from meetings and elsewhere, with owners and due dates.`,
  },
  headlines: {
    title: () => 'Headlines',
    purpose: () => 'Good and bad news about customers and employees, shared in the weekly meeting.',
  },
  issues: {
    title: (t) => t.issues_label,
    purpose: (t) =>
      `Collect, prioritise and solve ${lower(t.issues_label)} with your team's ${lower(t.problem_solving_process)}.`,
  },
  processes: {
    title: (t) => t.processes_label,
    purpose: (t) => `Document your core ${lower(t.processes_label)} step by step and see who follows them.`,
  },
  departments: {
    title: (t) => `${t.department_label}s`,
    purpose: (t) => `Create and organise ${lower(t.department_label)}s, their members and their leads.`,
  },
  department: {
    title: (t) => t.department_label,
    purpose: (t) =>
      `One ${lower(t.department_label)}'s own ${lower(t.priorities_label)}, ${lower(t.scorecard_label)}, meetings, ${lower(t.todos_label)} and ${lower(t.issues_label)}.`,
  },
  departmentPriorities: {
    title: (t) => `${t.department_label} ${lower(t.priorities_label)}`,
    purpose: (t) =>
      `This ${lower(t.department_label)}'s ${lower(t.priorities_label)} for the ${lower(t.quarter_label)}.`,
  },
  departmentScorecard: {
    title: (t) => `${t.department_label} ${lower(t.scorecard_label)}`,
    purpose: (t) => `The numbers this ${lower(t.department_label)} tracks each week.`,
  },
  departmentMeetings: {
    title: (t) => `${t.department_label} meetings`,
    purpose: (t) => `This ${lower(t.department_label)}'s meetings, past and upcoming.`,
  },
  departmentTodos: {
    title: (t) => `${t.department_label} ${lower(t.todos_label)}`,
    purpose: (t) => `Open ${lower(t.todos_label)} of this ${lower(t.department_label)}.`,
  },
  departmentIssues: {
    title: (t) => `${t.department_label} ${lower(t.issues_label)}`,
    purpose: (t) => `Open ${lower(t.issues_label)} of this ${lower(t.department_label)}.`,
  },
  accountability: {
    title: () => 'Accountability',
    purpose: (t) =>
      `Who owns what: each person's seats, ${lower(t.priorities_label)}, numbers and ${lower(t.todos_label)} in one view.`,
  },
  billing: { title: () => 'Billing', purpose: () => 'Your plan, seats, invoices and payment details.' },
  users: { title: () => 'Users', purpose: () => 'Invite people, set their roles and deactivate accounts.' },
  consultant: {
    title: () => 'Consultant Dashboard',
    purpose: (t) =>
      `For consultants: your client ${lower(t.organization_label)}s, their health, and a switch to work inside each one.`,
  },
  organizationalChart: {
    title: (t) => t.accountability_chart_label,
    purpose: () => 'The seats of your organization, who sits in each and what each is accountable for.',
  },
  documents: {
    title: () => 'Documents',
    purpose: () => 'Your company documents, kept in your own cloud drive and linked where they are used.',
  },
  storage: {
    title: () => 'Storage configuration',
    purpose: () => 'Connect Google Drive, OneDrive or SharePoint to keep company documents in your own cloud.',
  },
  adminBulkImport: { title: () => 'Bulk user import', purpose: () => 'Add many users at once from a spreadsheet.' },
  adminTools: { title: () => 'Admin tools', purpose: () => 'Administrative tools and imports for this organization.' },
  adminActiveMeetings: {
    title: () => 'Active meetings',
    purpose: () => 'Meetings running right now, with the option to end one that was left open.',
  },
  adminImportScorecard: {
    title: (t) => `Import ${t.scorecard_label}`,
    purpose: (t) => `Bring existing ${lower(t.scorecard_label)} and their history in from a spreadsheet.`,
  },
  adminImportTodos: {
    title: (t) => `Import ${t.todos_label}`,
    purpose: (t) => `Bring existing ${lower(t.todos_label)} in from a spreadsheet.`,
  },
  systemHealth: {
    title: () => 'System health',
    purpose: () => 'The state of the services this organization depends on.',
  },
  failedOperations: {
    title: () => 'Failed operations',
    purpose: () => 'Background work (e-mails, imports, webhooks) that failed, with a retry button.',
  },
  userActivity: { title: () => 'User activity', purpose: () => 'Who did what and when, from the audit log.' },
  dataIsolation: {
    title: () => 'Data isolation',
    purpose: () => "Checks that this organization's data is visible only inside it.",
  },
  organizationSettings: {
    title: (t) => `${t.organization_label} settings`,
    purpose: () => 'Name, colours, logo, calendar and methodology.',
  },
  userSettings: { title: () => 'Profile and settings', purpose: () => 'Your name and personal settings.' },
  terminologySettings: {
    title: () => 'Terminology',
    purpose: () => 'The words Keel uses for each concept in your organization.',
  },
} satisfies Record<string, PageEntry>;

export type PageId = keyof typeof PAGE_CATALOG;

export const pageTitle = (page: PageId, terms: Terminology) => PAGE_CATALOG[page].title(terms);
