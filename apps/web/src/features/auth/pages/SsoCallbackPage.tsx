import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { SESSION_KEYS, removeStorage } from '../../../lib/storage-keys';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { completeSso, rememberedSsoProvider } from '../auth.api';

const failurePath = (message: string) => `/login?${new URLSearchParams({ error: 'auth_failed', message }).toString()}`;

/** The page the identity provider sends the browser back to (/auth/success, /auth/callback, /login/auth/callback). */
export default function SsoCallbackPage() {
  usePageMeta({ title: 'Signing you in', description: 'Completing single sign-on.', robots: 'noindex,nofollow' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const started = useRef(false);

  useEffect(() => {
    // Codes are single-use: React's development double effect must not post it twice.
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state') ?? '';
    const providerError = params.get('error');
    const provider = rememberedSsoProvider();
    if (providerError || !code || !provider) {
      const message =
        params.get('error_description') ?? params.get('message') ?? 'The sign-in did not complete. Please try again.';
      void navigate(failurePath(message), { replace: true });
      return;
    }
    completeSso(provider, code, state)
      .then((session) => {
        removeStorage(sessionStorage, SESSION_KEYS.ssoProvider);
        signIn(session);
        void navigate('/dashboard', { replace: true });
      })
      .catch((error: unknown) => {
        void navigate(failurePath(errorText(error, 'Single sign-on failed. Please try again.')), { replace: true });
      });
  }, [navigate, params, signIn]);

  return <FullScreenSpinner label="Signing you in…" />;
}
