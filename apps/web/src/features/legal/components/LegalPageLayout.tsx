import type { ReactNode } from 'react';
import { PublicLayout } from '../../marketing/components/PublicLayout';

export function LegalPageLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        {children}
      </article>
    </PublicLayout>
  );
}
