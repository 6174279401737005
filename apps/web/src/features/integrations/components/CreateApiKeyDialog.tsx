import { useState, type FormEvent } from 'react';
import { API_KEY_AREA_NAMES, API_KEY_NAME_MAX, type ApiKeyArea, type CreatedApiKey } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { DateField, FormActions, SelectField } from '../../../ui/FormFields';
import { useTerminology } from '../../terminology/terminology.api';
import { useCreateApiKey } from '../integrations.api';
import { ACCESS_LABELS, areaLabel, expiryOf, scopesOf, type AreaAccess } from '../integration-words';
import { SecretOnce } from './SecretOnce';

const ACCESS_CHOICES = Object.keys(ACCESS_LABELS) as AreaAccess[];

/** Names a key, chooses its access per area and its expiry; then shows its secret, once. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const terms = useTerminology();
  const [name, setName] = useState('');
  const [choices, setChoices] = useState<Partial<Record<ApiKeyArea, AreaAccess>>>({});
  const [expiry, setExpiry] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scopes = scopesOf(choices);
    if (!name.trim()) return setProblem('Give the key a name, such as the system that will use it.');
    if (scopes.length === 0) return setProblem('Give the key read or write access to at least one area.');
    setProblem(null);
    create.mutate({ name: name.trim(), scopes, expiresAt: expiryOf(expiry) }, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <SecretOnce
        title="Copy the key now"
        label={`Secret of “${created.key.name}”`}
        secret={created.secret}
        note="This is the only time it is shown: Keel keeps only a fingerprint of it. Store it where the system that uses it keeps its secrets."
        onDone={onClose}
      />
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create an API key"
      description="The key acts as your organization, only in the areas you give it."
      size="lg"
    >
      <form aria-label="New API key" noValidate onSubmit={submit} className="space-y-4">
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        {create.isError ? (
          <Banner tone="error">{errorText(create.error, 'The key could not be created. Please try again.')}</Banner>
        ) : null}
        <TextField
          label="Name"
          value={name}
          maxLength={API_KEY_NAME_MAX}
          hint="Say who uses it, such as “Zapier” or “Finance reporting”."
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Access</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {API_KEY_AREA_NAMES.map((area) => (
              <SelectField
                key={area}
                label={areaLabel(area, terms)}
                value={choices[area] ?? 'none'}
                onChange={(event) =>
                  setChoices((current) => ({ ...current, [area]: event.target.value as AreaAccess }))
                }
              >
                {ACCESS_CHOICES.map((access) => (
                  <option key={access} value={access}>
                    {ACCESS_LABELS[access]}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        </fieldset>
        <DateField
          label="Expires after (optional)"
          value={expiry}
          min={new Date().toISOString().slice(0, 10)}
          hint="Leave it empty for a key that works until it is revoked."
          onChange={(event) => setExpiry(event.target.value)}
        />
        <FormActions onCancel={onClose} submitLabel="Create key" busy={create.isPending} />
      </form>
    </Dialog>
  );
}
