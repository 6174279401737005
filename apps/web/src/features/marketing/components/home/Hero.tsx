import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { FrameworkDemoDialog } from '../FrameworkDemoDialog';
import { container, mutedText, primaryButtonLarge, textLink } from '../styles';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-linear-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950"
    >
      <div className={`${container} py-16 sm:py-24`}>
        <div className="max-w-3xl">
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
          >
            Run your whole organization on one steady rhythm
          </h1>
          <p className={`mt-5 text-lg ${mutedText}`}>
            Quarterly priorities, scorecard, issues, to-dos, meetings and your business plan in one place, in the
            vocabulary of the management methodology your team already uses.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link to="/register" className={primaryButtonLarge}>
              Start Executing
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
            <FrameworkDemoDialog />
          </div>
          <p className={`mt-4 text-sm ${mutedText}`}>30-day free trial · No credit card required</p>
          <p className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
            <strong className="font-semibold">Early access:</strong> creating an account and setting up your
            organization work today. The areas described below are being built now.{' '}
            <Link to="/comparison" className={textLink}>
              See what is available
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
