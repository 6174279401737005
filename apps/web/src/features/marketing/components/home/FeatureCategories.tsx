import { Check } from 'lucide-react';
import { container, mutedText, sectionHeading } from '../styles';

const CATEGORIES = [
  {
    title: 'Strategic planning',
    items: [
      'A cascade of 10-year, 3-year and 1-year goals',
      'Core values and marketing strategy in a two-page plan',
      'An AI assistant that checks goals are SMART, suggests milestones and checks alignment',
    ],
  },
  {
    title: 'Execution',
    items: [
      'Quarterly priorities with milestones and clear owners',
      'To-dos and action items tracked from meeting to meeting',
      'Issues captured, prioritized and solved',
    ],
  },
  {
    title: 'Performance',
    items: [
      'Weekly and monthly scorecards',
      'Red, yellow and green goal tracking with trend analysis',
      'Drag-and-drop metric grouping and Excel export',
    ],
  },
  {
    title: 'Meetings',
    items: [
      'Live meetings with presence, synchronized navigation and team ratings',
      'Meeting summary e-mails and action-item tracking',
      'A searchable meeting history',
    ],
  },
] as const;

export function FeatureCategories() {
  return (
    <section aria-labelledby="categories-heading" className="py-16 sm:py-20">
      <div className={container}>
        <h2 id="categories-heading" className={sectionHeading}>
          From long-term vision to this week&apos;s follow-through
        </h2>
        <div className="mt-10 grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map((category) => (
            <div key={category.title}>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{category.title}</h3>
              <ul className="mt-3 space-y-2">
                {category.items.map((item) => (
                  <li key={item} className={`flex gap-2 text-sm ${mutedText}`}>
                    <Check
                      aria-hidden="true"
                      className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400"
                    />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
