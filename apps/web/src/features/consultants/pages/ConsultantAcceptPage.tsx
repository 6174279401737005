import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { useAcceptConsultantInvitation } from '../consultants.api';

/** The link of a consultant invitation mail: accepted once, as soon as the signed-in consultant opens it. */
export default function ConsultantAcceptPage() {
  usePageMeta({
    title: 'Accept consultant access',
    description: 'Accept a client’s invitation.',
    robots: 'noindex,nofollow',
  });
  const [params] = useSearchParams();
  const organizationId = params.get('organization') ?? '';
  const token = params.get('token') ?? '';
  const accept = useAcceptConsultantInvitation();
  const sent = useRef(false);

  useEffect(() => {
    // The link is single-use: StrictMode's second effect run must not spend it twice.
    if (sent.current || !organizationId || !token) return;
    sent.current = true;
    accept.mutate({ organizationId, token });
  }, [accept, organizationId, token]);

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl space-y-4 py-10">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Consultant invitation
      </h1>
      {!organizationId || !token ? (
        <Banner tone="error">This invitation link is incomplete. Open the link from the e-mail again.</Banner>
      ) : accept.isSuccess ? (
        <Banner tone="success" title="Access granted">
          You can now work in {accept.data.organizationName}. <TextLink to="/consultant">Open your clients</TextLink>
        </Banner>
      ) : accept.isError ? (
        <Banner tone="error">{errorText(accept.error, 'The invitation could not be accepted.')}</Banner>
      ) : (
        <Spinner label="Accepting the invitation" className="size-6" />
      )}
    </section>
  );
}
