import { describe, expect, it } from 'vitest';
import { TERMINOLOGY_DEFAULTS, type Terminology } from '@keel/contract';
import { activeEntry, buildNavigation, sidebarHiddenOn } from './nav-items';

const renamed: Terminology = {
  ...TERMINOLOGY_DEFAULTS,
  priorities_label: 'Big Goals',
  scorecard_label: 'Numbers',
  todos_label: 'Actions',
};

describe('buildNavigation', () => {
  it("shows the spec's sidebar names while the organization keeps the default terminology", () => {
    const { main } = buildNavigation({ role: 'member', isConsultant: false }, TERMINOLOGY_DEFAULTS);
    expect(main.map((item) => item.label)).toEqual([
      'My dashboard',
      'Quarterly priorities',
      'Scorecard',
      'To-dos',
      'Headlines',
      'Issues',
      'Meetings',
      'Meeting history',
      'Processes',
      'Business plan',
      'Organizational chart',
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
      ['Business plan', '/business-blueprint'],
      ['Organizational chart', '/organizational-chart'],
      ['Documents', '/documents'],
    ]);
    expect(admin).toEqual([]);
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
