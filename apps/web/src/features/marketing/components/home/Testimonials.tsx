import { Star } from 'lucide-react';
import type { Testimonial } from '@keel/contract';
import { card, container, mutedText, sectionHeading } from '../styles';

const STAR_POSITIONS = [1, 2, 3, 4, 5] as const;

function StarRating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5 stars`} className="flex gap-0.5">
      {STAR_POSITIONS.map((position) => (
        <Star
          key={position}
          aria-hidden="true"
          className={
            position <= rating
              ? 'h-4 w-4 fill-amber-600 text-amber-600 dark:fill-amber-400 dark:text-amber-400'
              : 'h-4 w-4 text-slate-400 dark:text-slate-500'
          }
        />
      ))}
    </div>
  );
}

const attribution = ({ name, role, company }: Testimonial) => [name, role, company].filter(Boolean).join(', ');

/** The operator's testimonials (MARKETING_CONTENT_FILE); without any, the section is left out. */
export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="py-16 sm:py-20">
      <div className={container}>
        <h2 id="testimonials-heading" className={sectionHeading}>
          What customers say
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-5 lg:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            // Two testimonials may share a role, so the position keeps keys unique in this fixed list.
            <li key={index}>
              <figure className={`${card} flex h-full flex-col gap-4`}>
                <StarRating rating={testimonial.rating} />
                <blockquote className="flex-1 text-slate-800 dark:text-slate-100">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className={`text-sm font-medium ${mutedText}`}>{attribution(testimonial)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
