import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { Card } from '../../../ui/Card';
import { SsoButtons } from '../../auth/components/SsoButtons';

/** Links a Google or Microsoft account to this one, so it can sign in here (never by e-mail alone). */
export function LinkedSignInSection() {
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Sign in with Google or Microsoft</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Link an account once; after that its button on the sign-in page opens Keel as you.
      </p>
      {error ? (
        <Banner tone="error" className="mt-3">
          {error}
        </Banner>
      ) : null}
      <div className="mt-4">
        <SsoButtons verb="Link" onError={setError} />
      </div>
    </Card>
  );
}
