import { usePageMeta } from '../../../lib/page-meta';
import { TextLink } from '../../../ui/TextLink';
import { AuthLayout } from '../components/AuthLayout';

interface ComingWithPeopleReleaseProps {
  title: string;
  what: string;
}

/** An honest page for public flows that arrive with the people-and-access release. */
export function ComingWithPeopleRelease({ title, what }: ComingWithPeopleReleaseProps) {
  usePageMeta({ title, description: what, robots: 'noindex,nofollow' });
  return (
    <AuthLayout welcomeTitle={title} welcomeText={what}>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{what}</p>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        This arrives with the people-and-access release of Keel and is not built yet.
      </p>
      <ul className="mt-6 space-y-2 text-sm">
        <li>
          <TextLink to="/login">Sign in to an existing account</TextLink>
        </li>
        <li>
          <TextLink to="/register">Start a free trial for your organization</TextLink>
        </li>
        <li>
          <TextLink to="/">Back to the home page</TextLink>
        </li>
      </ul>
    </AuthLayout>
  );
}
