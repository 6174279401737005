import type { Terminology } from '@keel/contract';
import { meetingsLabel, termPlural } from '../terminology/term-words';

interface PageEntry {
  /** The page's name; renamable concepts come from the organization's terminology. */
  title: (terms: Terminology) => string;
  /** One sentence on what the page will do (shown while it is not built). */
  purpose: (terms: Terminology) => string;
}

/**
 * Every signed-in page of spec section 2, by id. Routes refer to these ids; the top bar and the
 * placeholder pages read names from here so a renamed concept is renamed everywhere.
 */
export const PAGE_CATALOG = {
  dashboard: {
    title: () => 'My dashboard',
    purpose: (t) =>
      `Your week at a glance: your ${t.priorities_label}, ${t.todos_label}, ${t.issues_label} and the numbers you own.`,
  },
  businessBlueprint: {
    title: (t) => t.business_blueprint_label,
    purpose: (t) =>
      `Your business plan on two pages: core values, focus, ${t.long_term_vision_label}, ${t.annual_goals_label} and marketing strategy.`,
  },
  priorities: {
    title: (t) => t.priorities_label,
    purpose: (t) =>
      `Set this ${t.quarter_label}'s ${t.priorities_label} with owners and ${t.milestones_label}, and see at a glance which are on or off track.`,
  },
  prioritiesImport: {
    title: (t) => `Import ${t.priorities_label}`,
    purpose: (t) => `Bring existing ${t.priorities_label} in from a spreadsheet.`,
  },
  issuesImport: {
    title: (t) => `Import ${t.issues_label}`,
    purpose: (t) => `Bring existing ${t.issues_label} in from a spreadsheet.`,
  },
  priorityAssistant: {
    title: (t) => `${t.priority_singular} assistant`,
    purpose: (t) =>
      `An assistant that checks each ${t.priority_singular} is specific and measurable, suggests ${t.milestones_label} and checks alignment with the ${t.annual_goals_label}.`,
  },
  scorecard: {
    title: (t) => t.scorecard_label,
    purpose: (t) =>
      `Weekly and monthly numbers with goals, red/yellow/green tracking and the ${t.scorecard_13_week_label}.`,
  },
  meetings: {
    title: meetingsLabel,
    purpose: (t) =>
      `Start and run your team's ${t.weekly_meeting_label}, ${t.quarterly_meeting_label} and annual planning.`,
  },
  weeklyMeeting: {
    title: (t) => t.weekly_meeting_label,
    purpose: (t) =>
      `Run the ${t.weekly_meeting_label} live with your team: check-in, ${t.scorecard_label}, ${t.priorities_label}, headlines, ${t.todos_label} and ${t.problem_solving_process}.`,
  },
  weeklyExpress: {
    title: (t) => `${t.weekly_meeting_label} (express)`,
    purpose: (t) => `A shorter ${t.weekly_meeting_label} for busy weeks, with the same live agenda and summary.`,
  },
  quarterlyPlanning: {
    title: (t) => t.quarterly_meeting_label,
    purpose: (t) => `Review the last ${t.quarter_label} and set the next ${t.priorities_label} together.`,
  },
  annualPlanning: {
    title: () => 'Annual planning meeting',
    purpose: (t) =>
      `Refresh the ${t.business_blueprint_label} and agree the ${t.annual_goals_label} for the coming ${t.year_label}.`,
  },
  meetingHistory: {
    title: () => 'Meeting history',
    purpose: () => 'Every past meeting with its ratings, decisions and the summary that was sent.',
  },
  todos: {
    title: (t) => t.todos_label,
    purpose: (t) => `Seven-day ${t.todos_label} from meetings and elsewhere, with owners and due dates.`,
  },
  headlines: {
    title: () => 'Headlines',
    purpose: (t) => `Good and bad news about customers and employees, shared in the ${t.weekly_meeting_label}.`,
  },
  issues: {
    title: (t) => t.issues_label,
    purpose: (t) => `Collect, prioritise and solve ${t.issues_label} with your team's ${t.problem_solving_process}.`,
  },
  processes: {
    title: (t) => t.processes_label,
    purpose: (t) => `Document your core ${t.processes_label} step by step and see who follows them.`,
  },
  departments: {
    title: (t) => termPlural(t, 'department_label'),
    purpose: (t) => `Create and organize ${termPlural(t, 'department_label')}, their members and their leads.`,
  },
  department: {
    title: (t) => t.department_label,
    purpose: (t) =>
      `One ${t.department_label}'s own ${t.priorities_label}, ${t.scorecard_label}, meetings, ${t.todos_label} and ${t.issues_label}.`,
  },
  departmentPriorities: {
    title: (t) => `${t.department_label} ${t.priorities_label}`,
    purpose: (t) => `This ${t.department_label}'s ${t.priorities_label} for the ${t.quarter_label}.`,
  },
  departmentScorecard: {
    title: (t) => `${t.department_label} ${t.scorecard_label}`,
    purpose: (t) => `The numbers this ${t.department_label} tracks each week.`,
  },
  departmentMeetings: {
    title: (t) => `${t.department_label} meetings`,
    purpose: (t) => `This ${t.department_label}'s meetings, past and upcoming.`,
  },
  departmentTodos: {
    title: (t) => `${t.department_label} ${t.todos_label}`,
    purpose: (t) => `Open ${t.todos_label} of this ${t.department_label}.`,
  },
  departmentIssues: {
    title: (t) => `${t.department_label} ${t.issues_label}`,
    purpose: (t) => `Open ${t.issues_label} of this ${t.department_label}.`,
  },
  accountability: {
    title: () => 'Accountability',
    purpose: (t) =>
      `Who owns what: each person's seats, ${t.priorities_label}, numbers and ${t.todos_label} in one view.`,
  },
  billing: { title: () => 'Billing', purpose: () => 'Your plan, seats, invoices and payment details.' },
  users: { title: () => 'Users', purpose: () => 'Invite people, set their roles and deactivate accounts.' },
  consultant: {
    title: () => 'Consultant Dashboard',
    purpose: (t) =>
      `For consultants: your client ${termPlural(t, 'organization_label')}, their health, and a switch to work inside each one.`,
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
  integrations: {
    title: () => 'Integrations',
    purpose: () => 'API keys, webhooks and the other ways other systems work with your organization.',
  },
  adminBulkImport: { title: () => 'Bulk user import', purpose: () => 'Add many users at once from a spreadsheet.' },
  adminTools: { title: () => 'Admin tools', purpose: () => 'Administrative tools and imports for this organization.' },
  adminActiveMeetings: {
    title: () => 'Active meetings',
    purpose: () => 'Meetings running right now, with the option to end one that was left open.',
  },
  adminImportScorecard: {
    title: (t) => `Import ${t.scorecard_label}`,
    purpose: (t) => `Bring existing ${t.scorecard_label} and their history in from a spreadsheet.`,
  },
  adminImportTodos: {
    title: (t) => `Import ${t.todos_label}`,
    purpose: (t) => `Bring existing ${t.todos_label} in from a spreadsheet.`,
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
