export type FeatureStatus = 'available' | 'in-progress';

export interface FeatureStatusEntry {
  name: string;
  status: FeatureStatus;
}

/**
 * The one place that says what works today. Public pages read it so their honesty claims
 * change in a single edit as areas ship.
 */
export const FEATURE_STATUS: readonly FeatureStatusEntry[] = [
  { name: 'Sign-up with e-mail and password', status: 'available' },
  { name: 'Organization setup', status: 'available' },
  { name: 'Quarterly priorities and milestones', status: 'in-progress' },
  { name: 'Scorecard (weekly and monthly metrics)', status: 'in-progress' },
  { name: 'Issues and to-dos', status: 'in-progress' },
  { name: 'Meetings and meeting history', status: 'in-progress' },
  { name: 'Business plan, vision and annual goals', status: 'in-progress' },
  { name: 'Organizational chart, processes and documents', status: 'in-progress' },
  { name: 'Methodology terminology switching', status: 'in-progress' },
  { name: 'Personal dashboard', status: 'in-progress' },
  { name: 'Google and Microsoft sign-in, two-factor authentication', status: 'in-progress' },
  { name: 'Departments, billing and user administration', status: 'in-progress' },
  { name: 'AI goal assistant', status: 'in-progress' },
  { name: 'REST API, webhooks and data export', status: 'in-progress' },
];

export const STATUS_LABEL: Record<FeatureStatus, string> = {
  available: 'Available now',
  'in-progress': 'In progress',
};
