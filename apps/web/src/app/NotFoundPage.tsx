import { usePageMeta } from '../lib/page-meta';
import { useSession } from '../lib/session-store';
import { buttonClasses } from '../ui/Button';
import { Link } from 'react-router';

export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found', description: 'This page does not exist.', robots: 'noindex,nofollow' });
  const signedIn = useSession((state) => state.status === 'signedIn');
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-blue-700 dark:text-blue-300">404</p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">Page not found</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          The address may be mistyped, or the page may have moved.
        </p>
        <Link to={signedIn ? '/dashboard' : '/'} className={buttonClasses('primary', 'md', 'mt-6')}>
          {signedIn ? 'Go to my dashboard' : 'Go to the home page'}
        </Link>
      </div>
    </main>
  );
}
