import { useState } from 'react';
import toast from 'react-hot-toast';
import { HEADLINE_DETAILS_MAX, HEADLINE_TEXT_MAX, type Department } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { TextAreaField } from '../../../ui/FormFields';
import { useSendCascadingMessage } from '../headlines.api';
import { pluralOf } from '../../../lib/words';

interface Props {
  fromTeam: Department;
  /** The teams it may go to (every team but the sender). */
  teams: Department[];
  teamLabel: string;
  onClose: () => void;
}

export function SendMessageDialog({ fromTeam, teams, teamLabel, onClose }: Props) {
  const [text, setText] = useState('');
  const [details, setDetails] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const send = useSendCascadingMessage();
  const plural = pluralOf(teamLabel);

  const submit = () => {
    if (!text.trim()) return setProblem('Write the message first');
    if (chosen.length === 0) return setProblem(`Choose at least one ${teamLabel}`);
    setProblem(undefined);
    send.mutate(
      {
        fromTeamId: fromTeam.id,
        toTeamIds: chosen,
        text: text.trim(),
        ...(details.trim() ? { details: details.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success('Message sent');
          onClose();
        },
      },
    );
  };

  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Send to other ${plural}`}
      description={`A cascading message from ${fromTeam.name}, shown with the headlines of the ${plural} you choose.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending}>
            Send message
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        {send.isError ? (
          <Banner tone="error">{errorText(send.error, 'The message could not be sent. Please try again.')}</Banner>
        ) : null}
        <TextField
          label="Message"
          value={text}
          maxLength={HEADLINE_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
        />
        <TextAreaField
          label="Details"
          rows={3}
          value={details}
          maxLength={HEADLINE_DETAILS_MAX}
          onChange={(event) => setDetails(event.target.value)}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Send to</legend>
          {teams.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">There are no other {plural} to send to.</p>
          ) : (
            <div className="space-y-2">
              {teams.map((team) => (
                <Checkbox
                  key={team.id}
                  label={team.name}
                  checked={chosen.includes(team.id)}
                  onChange={() => toggle(team.id)}
                />
              ))}
            </div>
          )}
        </fieldset>
      </div>
    </Dialog>
  );
}
