import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emptyBusinessPlanContent,
  TERMINOLOGY_DEFAULTS,
  type BusinessPlan,
  type BusinessPlanVersion,
} from '@keel/contract';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { withPart } from '../plan-content';
import { PlanHistory } from './PlanHistory';

const TEAM = '44444444-4444-4444-8444-444444444444';
const ADA = { id: '66666666-6666-4666-8666-666666666666', name: 'Ada Lovelace' };
const base = `/organizations/${ORG_ID}/business-plan`;

const versionOf = (version: number, purpose: string): BusinessPlanVersion => ({
  version,
  createdAt: `2026-11-2${version}T10:00:00.000Z`,
  createdBy: ADA,
  content: withPart(emptyBusinessPlanContent(), 'core_focus', { purpose, niche: '' }),
});
const versions = [versionOf(3, 'Feed the world'), versionOf(2, 'Feed the country'), versionOf(1, 'Feed the city')];

const plan: BusinessPlan = {
  id: '55555555-5555-4555-8555-555555555555',
  teamId: TEAM,
  teamName: 'Leadership',
  isCompanyPlan: true,
  content: versions[0]!.content,
  version: 3,
  updatedAt: versions[0]!.createdAt,
  updatedBy: ADA,
  canEdit: true,
  shareToken: null,
};

function render() {
  const stub = stubFetch({
    [`GET /terminology/organizations/${ORG_ID}`]: { body: TERMINOLOGY_DEFAULTS },
    [`GET ${base}/versions`]: {
      body: { data: versions.map(({ content: _content, ...summary }) => summary), page: { nextCursor: null } },
    },
    [`GET ${base}/version`]: (call: StubCall) => ({
      body: {
        data: versions.find(
          (item) => item.version === Number(new URL(call.url, 'http://x').searchParams.get('version')),
        ),
      },
    }),
    [`POST ${base}/restore`]: { body: { data: { ...plan, version: 4 } } },
  });
  renderWithToasts(<PlanHistory plan={plan} onClose={() => undefined} />);
  return stub;
}

signedInForEachTest();

describe('PlanHistory', () => {
  it('compares two versions section by section', async () => {
    render();
    await userEvent.click(await screen.findByLabelText('Compare version 1'));
    expect(screen.getByText('Choose one more version to compare.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Compare version 3'));
    const comparison = await screen.findByRole('region', { name: 'Comparison' });
    expect(within(comparison).getByText('What changed from version 1 to version 3')).toBeTruthy();
    const focus = await within(comparison).findByRole('region', { name: 'Core Focus' });
    expect(within(focus).getByText('Purpose: “Feed the city” → “Feed the world”')).toBeTruthy();
  });

  it('restores an older version after confirming, based on the current version', async () => {
    const stub = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    expect(screen.queryByRole('button', { name: 'Restore version 3' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/restore`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}/restore`)[0]!.body).toEqual({ teamId: TEAM, version: 3, restoreVersion: 1 });
  });
});
