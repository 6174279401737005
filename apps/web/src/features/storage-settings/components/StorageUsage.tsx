import type { StorageSettings } from '@keel/contract';
import { filesText, placeLabel, sizeText } from '../storage-words';

/** How many of the organization's files each place holds. */
export function StorageUsage({ usage }: { usage: StorageSettings['usage'] }) {
  const places = usage.filter((place) => place.files > 0);
  return (
    <section aria-labelledby="storage-usage-title">
      <h2 id="storage-usage-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Stored files
      </h2>
      {places.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No files are stored yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {places.map((place) => (
            <li key={place.driver} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="font-medium text-slate-900 dark:text-white">{placeLabel(place.driver)}</span>
              <span className="text-slate-700 dark:text-slate-300">
                {filesText(place.files)}, {sizeText(place.bytes)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
