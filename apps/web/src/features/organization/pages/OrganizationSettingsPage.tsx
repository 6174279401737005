import { useEffect, useMemo, type SelectHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  TERMINOLOGY_PRESETS,
  methodologySchema,
  updateOrganizationRequestSchema,
  type Organization,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { readableTextOn } from '../../../lib/org-theme';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField, inputClasses } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { ConsultantsSection } from '../../consultants/components/ConsultantsSection';
import { DataExportSection } from '../../data-export/components/DataExportSection';
import { DataImportSection } from '../../data-export/components/DataImportSection';
import { useTerminology } from '../../terminology/terminology.api';
import { ColourField } from '../components/ColourField';
import { LogoUploader } from '../components/LogoUploader';
import { useCurrentOrganization, useUpdateOrganization } from '../organization.api';

// Every field is filled in the form, except the methodology, which an organization may not have chosen yet.
const formSchema = updateOrganizationRequestSchema.required().extend({ methodology: methodologySchema.optional() });
type OrganizationForm = z.input<typeof formSchema>;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const toForm = (organization: Organization): OrganizationForm => ({
  name: organization.name,
  theme_primary_color: organization.theme_primary_color,
  theme_secondary_color: organization.theme_secondary_color,
  theme_accent_color: organization.theme_accent_color,
  logo_size: organization.logo_size,
  timezone: organization.timezone,
  week_start_day: organization.week_start_day,
  fiscal_year_start_month: organization.fiscal_year_start_month,
  methodology: organization.methodology ?? undefined,
});

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

function SelectField({ label, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = `org-${rest.name ?? label}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={id} className={inputClasses(false)} {...rest}>
        {children}
      </select>
    </div>
  );
}

function OrganizationForm({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization();
  const terms = useTerminology();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isDirty },
  } = useForm<OrganizationForm>({ resolver: zodResolver(formSchema), defaultValues: toForm(organization) });

  // A refetch (e.g. after a logo upload) must not wipe fields being edited.
  useEffect(() => reset(toForm(organization), { keepDirtyValues: true }), [organization, reset]);
  const zones = useMemo(() => timeZones(organization.timezone), [organization.timezone]);
  const [primary, secondary, accent, logoSize] = watch([
    'theme_primary_color',
    'theme_secondary_color',
    'theme_accent_color',
    'logo_size',
  ]);

  const onSubmit = handleSubmit((values) => {
    update.reset();
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast.success(`${terms.organization_label} settings saved`);
      },
    });
  });

  const colour = (
    field: 'theme_primary_color' | 'theme_secondary_color' | 'theme_accent_color',
    label: string,
    value: string,
  ) => (
    <ColourField
      label={label}
      value={value}
      error={errors[field]?.message}
      registration={register(field)}
      onPick={(picked) => setValue(field, picked, { shouldDirty: true, shouldValidate: true })}
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Card>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {update.isError ? (
            <Banner tone="error">
              {errorText(update.error, 'The settings could not be saved. Please try again.')}
            </Banner>
          ) : null}
          <TextField label={`${terms.organization_label} name`} error={errors.name?.message} {...register('name')} />
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900 dark:text-white">Colours</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              {colour('theme_primary_color', 'Primary colour', primary)}
              {colour('theme_secondary_color', 'Secondary colour', secondary)}
              {colour('theme_accent_color', 'Accent colour', accent)}
            </div>
            <div
              aria-label="Colour preview"
              role="group"
              className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              <span
                className="rounded-md px-3 py-2 text-sm font-medium"
                style={{ backgroundColor: primary, color: readableTextOn(primary) }}
              >
                Primary button
              </span>
              <span
                className="rounded-md px-3 py-2 text-sm font-medium"
                style={{ backgroundColor: secondary, color: readableTextOn(secondary) }}
              >
                Secondary
              </span>
              <span
                className="rounded-md px-3 py-2 text-sm font-medium"
                style={{ backgroundColor: accent, color: readableTextOn(accent) }}
              >
                Accent
              </span>
            </div>
          </fieldset>
          <TextField
            label="Logo size (%)"
            type="number"
            min={10}
            max={300}
            step={5}
            hint="100% shows the logo 96 pixels high in the top bar."
            error={errors.logo_size?.message}
            {...register('logo_size', { valueAsNumber: true })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Time zone" {...register('timezone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </SelectField>
            <SelectField label="Week starts on" {...register('week_start_day', { setValueAs: Number })}>
              {DAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </SelectField>
            <SelectField label="Fiscal year starts in" {...register('fiscal_year_start_month', { setValueAs: Number })}>
              {MONTHS.map((month, index) => (
                <option key={month} value={index + 1}>
                  {month}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Methodology"
              {...register('methodology', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
            >
              <option value="">Not chosen yet</option>
              {TERMINOLOGY_PRESETS.map((preset) => (
                <option key={preset.key} value={preset.key}>
                  {preset.fullName}
                </option>
              ))}
            </SelectField>
          </div>
          {errors.timezone?.message ? (
            <p className="text-sm text-red-700 dark:text-red-300">{errors.timezone.message}</p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              disabled={!isDirty || update.isPending}
              onClick={() => reset(toForm(organization))}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty} loading={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save settings'}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">Logo</h2>
        <LogoUploader
          organization={organization}
          logoSize={Number.isFinite(logoSize) ? logoSize : organization.logo_size}
        />
      </Card>
    </div>
  );
}

export default function OrganizationSettingsPage() {
  const terms = useTerminology();
  const title = `${terms.organization_label} settings`;
  usePageMeta({ title, description: 'Name, colours, logo, calendar and methodology.', robots: 'noindex,nofollow' });
  const organization = useCurrentOrganization();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-6 py-6">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h1>
      {organization.isPending ? (
        <Spinner label="Loading settings" className="size-6" />
      ) : organization.isError ? (
        <Banner tone="error">
          {errorText(organization.error, 'The settings could not be loaded. Please refresh the page.')}
        </Banner>
      ) : (
        <OrganizationForm organization={organization.data} />
      )}
      <Card>
        <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-white">More settings</h2>
        <ul className="grid gap-2 text-sm">
          <li>
            <TextLink to="/organization-settings/storage">Storage configuration</TextLink>: where company documents and
            attachments are kept.
          </li>
          <li>
            <TextLink to="/organization-settings/integrations">Integrations</TextLink>: API keys for the other systems
            you connect.
          </li>
        </ul>
      </Card>
      <DataExportSection />
      <DataImportSection />
      <ConsultantsSection />
    </section>
  );
}
