import { Link } from 'react-router';
import { container } from '../styles';

export function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-blue-700 py-16 text-white dark:bg-blue-900">
      <div className={`${container} flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between`}>
        <div>
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Try Keel free for 30 days
          </h2>
          <p className="mt-2 text-blue-50">No credit card required. Cancel anytime.</p>
        </div>
        <Link
          to="/register"
          className={`inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-base font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white`}
        >
          Start Free Trial
        </Link>
      </div>
    </section>
  );
}
