import { useState } from 'react';
import type { PriorityDraftInput, SmartCheck } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useSmartCheck } from '../priority-assistant.api';
import { WritingStatus } from './WritingStatus';
import { SmartCheckPanel } from './SmartCheckPanel';

interface InlineSmartCheckProps {
  /** The dialog's fields as they are when the person asks. */
  draft: () => PriorityDraftInput;
  onAcceptRewrite: (rewrite: { title: string; description: string }) => void;
}

/** The assistant inside a priority dialog: check the fields as written, take the rewrite into them or not. */
export function InlineSmartCheck({ draft, onAcceptRewrite }: InlineSmartCheckProps) {
  const [writing, setWriting] = useState(0);
  const [check, setCheck] = useState<SmartCheck | null>(null);
  const smart = useSmartCheck(setWriting);
  return (
    <div className="grid gap-2">
      <div>
        <Button
          size="sm"
          variant="secondary"
          loading={smart.isPending}
          onClick={() => {
            setWriting(0);
            smart.mutate(draft(), { onSuccess: setCheck });
          }}
        >
          {check ? 'Check again' : 'Check with the assistant'}
        </Button>
      </div>
      {smart.isPending ? <WritingStatus characters={writing} /> : null}
      {smart.isError ? <Banner tone="error">{errorText(smart.error, 'The check could not be made.')}</Banner> : null}
      {check && !smart.isPending ? (
        <SmartCheckPanel
          check={check}
          onAcceptRewrite={(rewrite) => {
            onAcceptRewrite(rewrite);
            setCheck({ ...check, rewrite: null });
          }}
          onIgnoreRewrite={() => setCheck({ ...check, rewrite: null })}
        />
      ) : null}
    </div>
  );
}
