import { TERMINOLOGY_PRESETS } from '@keel/contract';
import { cardOnTint, container, mutedText, sectionHeading } from '../styles';

export function MethodologySection() {
  return (
    <section aria-labelledby="methodology-heading" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900">
      <div className={container}>
        <h2 id="methodology-heading" className={sectionHeading}>
          Speaks your methodology
        </h2>
        <p className={`mt-3 max-w-2xl ${mutedText}`}>
          Choose the methodology your company follows and Keel uses its words everywhere: in the navigation, in meetings
          and in reports. Switch later and your existing data is kept and remapped to the new terms. Any term can also
          be renamed to fit your own culture.
        </p>
        <ul className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {TERMINOLOGY_PRESETS.map((preset) => (
            <li key={preset.key} className={cardOnTint}>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{preset.name}</h3>
              <p className={`text-xs ${mutedText}`}>{preset.fullName}</p>
              <dl className="mt-4 space-y-2 text-sm">
                <div>
                  <dt className={mutedText}>Priorities</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{preset.terms.priorities}</dd>
                </div>
                <div>
                  <dt className={mutedText}>Scorecard</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{preset.terms.scorecard}</dd>
                </div>
                <div>
                  <dt className={mutedText}>Meetings</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{preset.terms.meetings}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
