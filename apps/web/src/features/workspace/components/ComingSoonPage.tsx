import Construction from 'lucide-react/icons/construction';
import { usePageMeta } from '../../../lib/page-meta';
import { TextLink } from '../../../ui/TextLink';
import { useTerminology } from '../../terminology/terminology.api';
import { PAGE_CATALOG, type PageId } from '../page-catalog';

/** The one honest placeholder for every page that is not built yet: its name, its purpose, no fake data. */
export function ComingSoonPage({ page }: { page: PageId }) {
  const terms = useTerminology();
  const entry = PAGE_CATALOG[page];
  const title = entry.title(terms);
  const purpose = entry.purpose(terms);
  usePageMeta({ title, description: purpose, robots: 'noindex,nofollow' });
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl py-10">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h1>
      <div className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
        <Construction aria-hidden="true" className="size-8 text-slate-500 dark:text-slate-400" />
        <p className="mt-3 text-slate-800 dark:text-slate-200">{purpose}</p>
        <p className="mt-2 font-medium text-slate-900 dark:text-white">This part of Keel is not built yet.</p>
        {page === 'dashboard' ? null : (
          <p className="mt-4 text-sm">
            <TextLink to="/dashboard">Back to my dashboard</TextLink>
          </p>
        )}
      </div>
    </section>
  );
}
