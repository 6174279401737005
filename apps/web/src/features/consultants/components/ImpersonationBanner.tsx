import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { readHomeName, useReturnHome } from '../consultants.api';

const isRevocation = (error: unknown) => error instanceof ApiError && error.code === 'consultant.access_revoked';

/** True once any request of this page was refused because the client revoked the consultant's access. */
function useAccessRevoked(impersonating: boolean): boolean {
  const queryClient = useQueryClient();
  const [revoked, setRevoked] = useState(false);
  useEffect(() => {
    setRevoked(false);
    if (!impersonating) return undefined;
    const cache = queryClient.getQueryCache();
    if (cache.getAll().some((query) => isRevocation(query.state.error))) setRevoked(true);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && isRevocation(event.query.state.error)) setRevoked(true);
    });
  }, [impersonating, queryClient]);
  return revoked;
}

/**
 * On every signed-in page while a consultant works inside a client: whose organization this is, and
 * the one click back home (named when this tab remembers it, else "your organization"). When the
 * client revokes the access, it says so in place of the usual line.
 */
export function ImpersonationBanner() {
  const user = useSession((state) => state.user);
  const impersonating = user?.isImpersonating === true;
  const revoked = useAccessRevoked(impersonating);
  const back = useReturnHome();
  const navigate = useNavigate();
  if (!user || !impersonating) return null;
  const home = readHomeName() ?? 'your organization';
  return (
    <div
      role="region"
      aria-label="Consultant mode"
      className={cx(
        'flex flex-wrap items-center justify-between gap-3 border-b px-4 py-2 text-sm sm:px-6',
        revoked
          ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50'
          : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50',
      )}
    >
      <p>
        {revoked ? (
          <>
            <strong>{user.organizationName}</strong> has revoked your consultant access. Nothing more can be read or
            changed here.
          </>
        ) : (
          <>
            You are working in <strong>{user.organizationName}</strong> as a consultant.
          </>
        )}
        {back.isError ? <span className="ml-2">{errorText(back.error, 'Returning failed.')}</span> : null}
      </p>
      <Button
        size="sm"
        variant="secondary"
        loading={back.isPending}
        onClick={() =>
          void back
            .mutateAsync()
            .then(() => navigate('/consultant'))
            .catch(() => undefined)
        }
      >
        Return to {home}
      </Button>
    </div>
  );
}
