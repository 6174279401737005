import { describe, expect, it } from 'vitest';
import { TERMINOLOGY_DEFAULTS, type Terminology } from '@keel/contract';
import { activeEntry, buildNavigation, sidebarHiddenOn } from './nav-items';

const renamed: Terminology = {
  ...TERMINOLOGY_DEFAULTS,
  priorities_label: 'Big Goals',
  scorecard_label: 'Numbers',
  todos_label: 'Actions',
  department_label: 'Squad',
  organization_label: 'Company',
};

describe('buildNavigation', () => {
  it('names renamable concepts with the default terminology (spec section 3) while the organization keeps it', () => {
    const { main } = buildNavigation({ role: 'member', isConsultant: false }, TERMINOLOGY_DEFAULTS);
    expect(main.map((item) => item.label)).toEqual([
      'My dashboard',
      'Quarterly Priorities',
      'Metrics',
      'Tasks',
      'Headlines',
      'Issues',
      'Meetings',
      'Meeting history',
      'Processes',
      '2-Page Plan',
      'Organizational Chart',
      'Documents',
    ]);
  });

  it('lists the spec entries in order, with the labels the organization renamed', () => {
    const { main, admin } = buildNavigation({ role: 'member', isConsultant: false }, renamed);
    expect(main.map((item) => [item.label, item.to])).toEqual([
      ['My dashboard', '/dashboard'],
      ['Big Goals', '/quarterly-priorities'],
      ['Numbers', '/scorecard'],
      ['Actions', '/todos'],
      ['Headlines', '/headlines'],
      ['Issues', '/issues'],
      ['Meetings', '/meetings'],
      ['Meeting history', '/meeting-history'],
      ['Processes', '/processes'],
      ['2-Page Plan', '/business-blueprint'],
      ['Organizational Chart', '/organizational-chart'],
      ['Documents', '/documents'],
    ]);
    expect(admin).toEqual([]);
  });

  it('names the admin entries of renamable concepts with the terminology too', () => {
    const label = (terminology: Terminology, to: string) =>
      buildNavigation({ role: 'admin', isConsultant: false }, terminology).admin.find((item) => item.to === to)?.label;
    expect(label(TERMINOLOGY_DEFAULTS, '/departments')).toBe('Departments');
    expect(label(TERMINOLOGY_DEFAULTS, '/organization-settings')).toBe('Organization');
    expect(label(renamed, '/departments')).toBe('Squads');
    expect(label(renamed, '/organization-settings')).toBe('Company');
  });

  it("puts 'Consultant Dashboard' first for consultants", () => {
    const { main } = buildNavigation({ role: 'member', isConsultant: true }, TERMINOLOGY_DEFAULTS);
    expect(main[0]).toMatchObject({ label: 'Consultant Dashboard', to: '/consultant' });
  });

  it.each(['admin', 'owner'] as const)('adds the admin entries for an %s', (role) => {
    const { admin } = buildNavigation({ role, isConsultant: false }, TERMINOLOGY_DEFAULTS);
    expect(admin.map((item) => item.to)).toEqual([
      '/departments',
      '/users',
      '/admin/tools',
      '/organization-settings',
      '/organization-settings/storage',
      '/terminology-settings',
      '/billing',
    ]);
  });
});

describe('activeEntry', () => {
  const { main, admin } = buildNavigation({ role: 'admin', isConsultant: false }, TERMINOLOGY_DEFAULTS);
  const items = [...main, ...admin];

  it.each([
    ['/scorecard', '/scorecard'],
    ['/scorecard-original', '/scorecard'],
    ['/departments/abc/todos', '/departments'],
    ['/organization-settings', '/organization-settings'],
    ['/organization-settings/storage', '/organization-settings/storage'],
    ['/meeting-history', '/meeting-history'],
    ['/user-settings', null],
  ])('%s highlights %s', (path, expected) => {
    expect(activeEntry(items, path)).toBe(expected);
  });
});

describe('sidebarHiddenOn', () => {
  it('hides the sidebar on any path containing /meetings/', () => {
    expect(sidebarHiddenOn('/meetings/weekly-accountability/team-1')).toBe(true);
    expect(sidebarHiddenOn('/meetings')).toBe(false);
    expect(sidebarHiddenOn('/departments/d/meetings')).toBe(false);
  });
});
