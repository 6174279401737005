import { Star } from 'lucide-react';
import { card, container, mutedText, sectionHeading } from '../styles';

const TESTIMONIALS = [
  {
    role: 'Chief Executive Officer, professional services firm',
    quote:
      'Our leadership meeting finally has one source of truth. Everyone sees the same priorities and numbers, and we spend the time solving problems instead of hunting for the latest spreadsheet.',
  },
  {
    role: 'Chief Operating Officer, manufacturing company',
    quote:
      'We kept the vocabulary our team had learnt over the years. Nobody had to relearn what to call things, so adoption took days rather than months.',
  },
  {
    role: 'Independent strategy consultant',
    quote:
      'I coach clients on different methodologies. Being able to work in each client’s own terms from one account makes my sessions far smoother.',
  },
] as const;

function FiveStars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5 stars" className="flex gap-0.5">
      {[0, 1, 2, 3, 4].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className="h-4 w-4 fill-amber-600 text-amber-600 dark:fill-amber-400 dark:text-amber-400"
        />
      ))}
    </div>
  );
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="py-16 sm:py-20">
      <div className={container}>
        <h2 id="testimonials-heading" className={sectionHeading}>
          What leaders say
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-5 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.role}>
              <figure className={`${card} flex h-full flex-col gap-4`}>
                <FiveStars />
                <blockquote className="flex-1 text-slate-800 dark:text-slate-100">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className={`text-sm font-medium ${mutedText}`}>{testimonial.role}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
