import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TerminologyPreset } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useApplyPreset, usePresetsQuery, useResetTerminology } from '../terminology.api';

type Pending = { kind: 'preset'; preset: TerminologyPreset } | { kind: 'reset' } | null;

/** Methodology presets and the reset to defaults, each confirmed before it replaces labels. */
export function PresetPicker() {
  const presets = usePresetsQuery();
  const apply = useApplyPreset();
  const resetLabels = useResetTerminology();
  const [pending, setPending] = useState<Pending>(null);
  const busy = apply.isPending || resetLabels.isPending;
  const failure = apply.error ?? resetLabels.error;

  const confirm = () => {
    if (!pending) return;
    const succeeded = (message: string) => () => {
      setPending(null);
      toast.success(message);
    };
    if (pending.kind === 'preset')
      apply.mutate(pending.preset.key, { onSuccess: succeeded(`${pending.preset.name} labels applied`) });
    else resetLabels.mutate(undefined, { onSuccess: succeeded('Labels reset to the defaults') });
  };

  return (
    <div className="space-y-4">
      {presets.isPending ? <Spinner label="Loading presets" className="size-6" /> : null}
      {presets.isError ? (
        <Banner tone="error">{errorText(presets.error, 'The presets could not be loaded.')}</Banner>
      ) : null}
      {presets.data ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {presets.data.map((preset) => (
            <li key={preset.key} className="flex flex-col rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">{preset.fullName}</p>
              <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">
                {[preset.terms.priorities, preset.terms.scorecard, preset.terms.issues, preset.terms.todos].join(' · ')}
              </p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3 self-start"
                disabled={busy}
                onClick={() => setPending({ kind: 'preset', preset })}
              >
                Apply {preset.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" disabled={busy} onClick={() => setPending({ kind: 'reset' })}>
        Reset all labels to the defaults
      </Button>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPending(null);
        }}
        title={pending?.kind === 'preset' ? `Apply the ${pending.preset.name} labels?` : 'Reset all labels?'}
        size="sm"
        footer={
          <>
            <Button variant="secondary" disabled={busy} onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button loading={busy} onClick={confirm}>
              {pending?.kind === 'preset' ? 'Apply preset' : 'Reset labels'}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {pending?.kind === 'preset'
            ? 'The labels this methodology defines replace the current ones. Your data is kept; only the words change.'
            : 'Every label goes back to its default. Your data is kept; only the words change.'}
        </p>
        {failure ? (
          <Banner tone="error" className="mt-3">
            {errorText(failure, 'The labels could not be changed. Please try again.')}
          </Banner>
        ) : null}
      </Dialog>
    </div>
  );
}
