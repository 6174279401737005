import { ORG_CHART_SEATS_MAX } from '@keel/contract';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

export const seatNotFound = () => notFound('org_chart.seat_not_found', 'This seat does not exist');
export const parentNotFound = () =>
  notFound('org_chart.parent_not_found', 'The seat it should report to does not exist; reload the chart');
export const teamNotFound = () => notFound('team.not_found', 'This team does not exist');
export const personNotFound = () => notFound('org_chart.person_not_found', 'This person is not in this organization');
export const cannotEdit = () =>
  forbidden(
    'org_chart.cannot_edit',
    'Only administrators and members of the leadership team can change the organizational chart',
  );
export const holderNotMember = () =>
  badRequest('org_chart.holder_not_member', 'Every holder of a seat must be a member of this organization', [
    { path: 'holders', message: 'Not a member of this organization' },
  ]);
export const ownParent = () =>
  badRequest('org_chart.own_parent', 'A seat cannot report to itself', [
    { path: 'parentId', message: 'Choose another seat' },
  ]);
export const ownAncestor = () =>
  conflict(
    'org_chart.cycle',
    'A seat cannot report to one of the seats that report to it. Move that seat elsewhere first.',
  );
export const chartFull = () => conflict('org_chart.too_many_seats', `A chart has at most ${ORG_CHART_SEATS_MAX} seats`);
export const chartNotEmpty = () =>
  conflict('org_chart.not_empty', 'The chart already has seats: suggested seats are only for an empty chart');
export const nothingPublished = () =>
  conflict('org_chart.nothing_published', 'The chart has not been published yet, so there is no published version');
export const emptyPublication = () =>
  conflict('org_chart.empty', 'The published chart has no seats yet. Add seats, publish the chart, then export it.');
export const emptyDraft = () =>
  conflict('org_chart.empty_draft', 'The draft has no seats: add at least one seat before publishing');
