import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  TERMINOLOGY_DEFAULTS,
  TERMINOLOGY_LABEL_MAX,
  updateTerminologyRequestSchema,
  type Terminology,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { PresetPicker } from '../components/PresetPicker';
import { LABEL_GROUPS } from '../label-names';
import { useTerminologyQuery, useUpdateTerminology } from '../terminology.api';

const formSchema = updateTerminologyRequestSchema.required();

export default function TerminologySettingsPage() {
  usePageMeta({
    title: 'Terminology',
    description: 'The words Keel uses in your organization.',
    robots: 'noindex,nofollow',
  });
  const labels = useTerminologyQuery();
  const update = useUpdateTerminology();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<Terminology>({ resolver: zodResolver(formSchema), defaultValues: { ...TERMINOLOGY_DEFAULTS } });

  useEffect(() => {
    // A refetch must not wipe what the admin is typing.
    if (labels.data) reset(labels.data, { keepDirtyValues: true });
  }, [labels.data, reset]);

  const onSubmit = handleSubmit((values) => {
    update.reset();
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast.success('Terminology saved');
      },
    });
  });

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-6 py-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          Terminology
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Use the words your company already uses. Renaming changes labels only; your data stays as it is.
        </p>
      </div>
      <Card>
        <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Start from a methodology</h2>
        <PresetPicker />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Labels</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Each label is shown exactly as you write it, capitals included, and can be up to {TERMINOLOGY_LABEL_MAX}{' '}
          characters.
        </p>
        {labels.isPending ? <Spinner label="Loading labels" className="mt-4 size-6" /> : null}
        {labels.isError ? (
          <Banner tone="warning" className="mt-4">
            {errorText(labels.error, 'Your labels could not be loaded; the defaults are shown.')}
          </Banner>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-6">
          {update.isError ? (
            <Banner tone="error">{errorText(update.error, 'The labels could not be saved. Please try again.')}</Banner>
          ) : null}
          {LABEL_GROUPS.map((group) => (
            <fieldset key={group.title}>
              <legend className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{group.title}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {group.labels.map(({ key, name }) => (
                  <TextField
                    key={key}
                    label={name}
                    hint={`Default: ${TERMINOLOGY_DEFAULTS[key]}`}
                    error={errors[key]?.message}
                    {...register(key)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              disabled={!isDirty || update.isPending}
              onClick={() => labels.data && reset(labels.data)}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty} loading={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save labels'}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
