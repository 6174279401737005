import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ApiKey } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { exactTime, relativeTime } from '../../operations/words';
import { useTerminology } from '../../terminology/terminology.api';
import { useApiKeys, useRevokeApiKey } from '../integrations.api';
import { scopesText, STATUS_LABELS } from '../integration-words';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

/** The organization's API keys: make one, see what each may do and when it was last used, revoke it. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const terms = useTerminology();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = keys.data ?? [];

  return (
    <section aria-labelledby="api-keys-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="api-keys-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          API keys
        </h2>
        <Button onClick={() => setCreating(true)}>Create API key</Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Other systems use a key to read and change your organization&apos;s data through the{' '}
        <a className="font-medium text-blue-700 underline dark:text-blue-300" href="/api/v1/docs">
          API
        </a>
        , only in the areas you give it. Every change made with a key is recorded with the key&apos;s name.
      </p>
      <ListStates
        query={keys}
        loadingLabel="Loading the API keys"
        errorFallback="The API keys could not be loaded."
        isEmpty={list.length === 0}
        empty={
          <EmptyNote>No API keys yet. Create one for each system you connect, so each can be revoked alone.</EmptyNote>
        }
      >
        <ul aria-label="API keys" className="grid gap-3">
          {list.map((key) => (
            <li
              key={key.id}
              className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900 wrap-anywhere dark:text-white">{key.name}</span>
                <span className="flex items-center gap-2">
                  <span
                    className={
                      key.status === 'active'
                        ? 'rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900 dark:text-green-100'
                        : 'rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200'
                    }
                  >
                    {STATUS_LABELS[key.status]}
                  </span>
                  {key.status === 'revoked' ? null : (
                    <Button size="sm" variant="secondary" onClick={() => setRevoking(key)}>
                      Revoke <span className="sr-only">{key.name}</span>
                    </Button>
                  )}
                </span>
              </div>
              <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{key.hint}</span>
              <span className="text-slate-700 dark:text-slate-300">{scopesText(key.scopes, terms)}</span>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                Created{' '}
                <time dateTime={key.createdAt} title={exactTime(key.createdAt)}>
                  {relativeTime(key.createdAt)}
                </time>
                {key.createdByName ? ` by ${key.createdByName}` : ''} ·{' '}
                {key.lastUsedAt ? (
                  <>
                    last used{' '}
                    <time dateTime={key.lastUsedAt} title={exactTime(key.lastUsedAt)}>
                      {relativeTime(key.lastUsedAt)}
                    </time>
                  </>
                ) : (
                  'never used'
                )}
                {key.revokedAt ? ` · revoked ${relativeTime(key.revokedAt)}` : ''}
                {key.expiresAt && !key.revokedAt
                  ? ` · ${key.status === 'expired' ? 'expired' : 'expires'} ${exactTime(key.expiresAt)}`
                  : ''}
              </span>
            </li>
          ))}
        </ul>
      </ListStates>
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} /> : null}
      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </section>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey.name}”?`}
      confirmLabel="Revoke key"
      danger
      busy={revoke.isPending}
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast.success('Key revoked');
            onClose();
          },
        })
      }
    >
      <div className="space-y-3">
        {revoke.isError ? (
          <Banner tone="error">{errorText(revoke.error, 'The key could not be revoked. Please try again.')}</Banner>
        ) : null}
        <p>
          Every system using this key is refused from its next request on. This cannot be undone: a new key would have
          to be made and given to them.
        </p>
      </div>
    </ConfirmDialog>
  );
}
