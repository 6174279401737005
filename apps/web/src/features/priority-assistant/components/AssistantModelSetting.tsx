import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { isAdmin } from '../../../lib/user';
import { Checkbox } from '../../../ui/Checkbox';
import { useAssistantSettings, useUpdateAssistantSettings } from '../priority-assistant.api';

/** Which engine answers here: the offline one, or the server's model once an admin turns it on. */
export function AssistantModelSetting() {
  const settings = useAssistantSettings();
  const update = useUpdateAssistantSettings();
  const admin = useSession((state) => isAdmin(state.user));
  const data = settings.data;
  if (!data) return null;
  if (!data.modelAvailable) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No language model is set up on this server: the offline assistant answers, and nothing leaves Keel.
      </p>
    );
  }
  const usage = `${data.usedThisMonth.toLocaleString('en-US')} of ${data.monthlyLimit.toLocaleString('en-US')} model requests used this month.`;
  return (
    <div className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
      {admin ? (
        <Checkbox
          label={`Use the language model (${data.modelName ?? 'configured on the server'}) for this organization`}
          checked={data.modelEnabled}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { modelEnabled: event.target.checked, version: data.version },
              { onError: (error) => toast.error(errorText(error, 'The setting could not be saved.')) },
            )
          }
        />
      ) : (
        <p>
          {data.modelEnabled
            ? `The language model (${data.modelName ?? 'configured on the server'}) answers, with the offline assistant when it cannot.`
            : 'The offline assistant answers: an administrator may turn on the language model.'}
        </p>
      )}
      <p className="text-xs">
        {data.modelEnabled
          ? `Drafts are sent to the model only while this is on. ${usage}`
          : 'Nothing is sent to the model while this is off.'}
      </p>
    </div>
  );
}
