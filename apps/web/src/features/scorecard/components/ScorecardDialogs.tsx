import { lazy, Suspense } from 'react';
import toast from 'react-hot-toast';
import type { Measurable, MeasurableGroup, ScorecardFrequency } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useDeleteGroup } from '../scorecard.api';
import { GroupNameDialog } from './GroupNameDialog';
import { MeasurableDialog } from './MeasurableDialog';
import { ScorecardSettingsDialog } from './ScorecardSettingsDialog';

// The trend chart is the heaviest dialog; it loads when first opened.
const TrendDialog = lazy(() => import('./TrendDialog').then((module) => ({ default: module.TrendDialog })));

/** A dialog the grid or its toolbar opened (a null measurable or group: a new one). */
export type ScorecardDialog =
  | { kind: 'measurable'; measurable: Measurable | null }
  | { kind: 'trend'; measurable: Measurable }
  | { kind: 'reminders' }
  | { kind: 'group'; group: MeasurableGroup | null }
  | { kind: 'delete-group'; group: MeasurableGroup };

interface ScorecardDialogsProps {
  dialog: ScorecardDialog | null;
  onClose: () => void;
  teamId: string;
  frequency: ScorecardFrequency;
  groups: MeasurableGroup[];
  canEdit: boolean;
  /** The organization's word for the scorecard. */
  title: string;
}

/** The dialog open over a team's scorecard, wherever the grid is shown (its page, a meeting's section). */
export function ScorecardDialogs({
  dialog,
  onClose,
  teamId,
  frequency,
  groups,
  canEdit,
  title,
}: ScorecardDialogsProps) {
  const deleteGroup = useDeleteGroup();
  switch (dialog?.kind) {
    case 'measurable':
      return (
        <MeasurableDialog
          teamId={teamId}
          frequency={frequency}
          measurable={dialog.measurable}
          groups={groups}
          onClose={onClose}
        />
      );
    case 'trend':
      return (
        <Suspense fallback={null}>
          <TrendDialog measurable={dialog.measurable} canEdit={canEdit} onClose={onClose} />
        </Suspense>
      );
    case 'reminders':
      return <ScorecardSettingsDialog teamId={teamId} onClose={onClose} />;
    case 'group':
      return <GroupNameDialog teamId={teamId} group={dialog.group} onClose={onClose} />;
    case 'delete-group':
      return (
        <ConfirmDialog
          title={`Delete group ${dialog.group.name}?`}
          confirmLabel="Delete group"
          danger
          busy={deleteGroup.isPending}
          onCancel={onClose}
          onConfirm={() =>
            deleteGroup.mutate(dialog.group.id, {
              onSuccess: onClose,
              onError: (error) => toast.error(errorText(error, 'Could not delete the group. Please try again.')),
            })
          }
        >
          Its measurables stay on the {title}, outside any group.
        </ConfirmDialog>
      );
    default:
      return null;
  }
}
