import { useState } from 'react';
import toast from 'react-hot-toast';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';

interface SecretOnceProps {
  title: string;
  label: string;
  secret: string;
  note: string;
  onDone: () => void;
}

/** A secret shown this once, to copy, in a dialog that only its own buttons close. */
export function SecretOnce({ title, label, secret, note, onDone }: SecretOnceProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success('Copied');
    } catch {
      toast.error('The browser did not allow copying: select the text and copy it yourself.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDone())} title={title} blocking>
      <div className="space-y-4">
        <Banner tone="warning">{note}</Banner>
        <TextField
          label={label}
          value={secret}
          readOnly
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button onClick={onDone}>{copied ? 'Done' : 'I have stored it'}</Button>
        </div>
      </div>
    </Dialog>
  );
}
