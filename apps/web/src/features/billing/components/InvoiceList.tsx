import { Button } from '../../../ui/Button';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { useInvoices } from '../billing.api';
import { longDate, money } from '../billing-words';

const STATUS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

const linkClass = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** The organization's invoices from Stripe, newest first, each with its page and its PDF. */
export function InvoiceList() {
  const invoices = useInvoices(true);
  const list = invoices.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="invoices-title" className="grid gap-3">
      <h2 id="invoices-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Invoices
      </h2>
      <ListStates
        query={invoices}
        loadingLabel="Loading the invoices"
        errorFallback="The invoices could not be loaded from Stripe."
        isEmpty={list.length === 0}
        empty={<EmptyNote>No invoices yet.</EmptyNote>}
      >
        <ul aria-label="Invoices" className="grid gap-2">
          {list.map((invoice) => (
            <li
              key={invoice.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <span className="font-medium text-slate-900 dark:text-white">
                {longDate(invoice.createdAt)}
                {invoice.number ? (
                  <span className="font-normal text-slate-700 dark:text-slate-300"> · {invoice.number}</span>
                ) : null}
              </span>
              <span className="text-slate-800 dark:text-slate-200">
                {money(invoice.status === 'paid' ? invoice.amountPaidCents : invoice.amountDueCents, invoice.currency)}
                {' · '}
                {STATUS[invoice.status ?? ''] ?? invoice.status ?? 'Unknown'}
              </span>
              <span className="flex gap-3">
                {invoice.hostedInvoiceUrl ? (
                  <a className={linkClass} href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                    View<span className="sr-only"> the invoice of {longDate(invoice.createdAt)}</span>
                  </a>
                ) : null}
                {invoice.pdfUrl ? (
                  <a className={linkClass} href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                    PDF<span className="sr-only"> of the invoice of {longDate(invoice.createdAt)}</span>
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        {invoices.hasNextPage ? (
          <Button
            variant="secondary"
            loading={invoices.isFetchingNextPage}
            onClick={() => void invoices.fetchNextPage()}
          >
            Show older invoices
          </Button>
        ) : null}
      </ListStates>
    </section>
  );
}
