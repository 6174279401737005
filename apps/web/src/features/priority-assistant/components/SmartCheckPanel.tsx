import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import type { SmartCheck } from '@keel/contract';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { LETTER_NAMES, engineText } from '../assistant-words';

interface SmartCheckPanelProps {
  check: SmartCheck;
  /** Puts the rewrite into the draft's fields (the person may still edit it). */
  onAcceptRewrite: (rewrite: { title: string; description: string }) => void;
  onIgnoreRewrite?: () => void;
}

/** A SMART check's answer: a verdict per letter with its reason, the suggested rewrite, and which engine answered. */
export function SmartCheckPanel({ check, onAcceptRewrite, onIgnoreRewrite }: SmartCheckPanelProps) {
  const met = check.verdicts.filter((verdict) => verdict.met).length;
  return (
    <section
      aria-label="SMART check"
      className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <p className="text-sm font-semibold text-slate-900 dark:text-white">
        {met} of {check.verdicts.length} SMART criteria met
      </p>
      {check.notices.map((notice) => (
        <Banner
          key={notice.code}
          tone={notice.code === 'model_failed' || notice.code === 'model_limit_reached' ? 'warning' : 'info'}
        >
          {notice.message}
        </Banner>
      ))}
      <ul aria-label="SMART verdicts" className="grid gap-2">
        {check.verdicts.map((verdict) => (
          <li key={verdict.letter} className="flex items-start gap-2 text-sm">
            {verdict.met ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
            ) : (
              <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" />
            )}
            <span className="text-slate-800 dark:text-slate-200">
              <span className="font-semibold">
                {LETTER_NAMES[verdict.letter]}: {verdict.met ? 'yes' : 'not yet'}.
              </span>{' '}
              {verdict.reason}
            </span>
          </li>
        ))}
      </ul>
      {check.rewrite ? (
        <div className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
          <p className="font-semibold text-slate-900 dark:text-white">Suggested rewrite</p>
          <p className="wrap-anywhere text-slate-900 dark:text-slate-100">{check.rewrite.title}</p>
          {check.rewrite.description ? (
            <p className="wrap-anywhere whitespace-pre-line text-slate-700 dark:text-slate-300">
              {check.rewrite.description}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => check.rewrite && onAcceptRewrite(check.rewrite)}>
              Use this rewrite
            </Button>
            {onIgnoreRewrite ? (
              <Button size="sm" variant="secondary" onClick={onIgnoreRewrite}>
                Keep mine
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">{engineText(check.engine)}</p>
    </section>
  );
}
