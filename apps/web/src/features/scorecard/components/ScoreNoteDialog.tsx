import { useState } from 'react';
import { SCORE_NOTE_MAX } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { LABEL_CLASSES, inputClasses } from '../../../ui/Field';

interface ScoreNoteDialogProps {
  where: string;
  note: string;
  onSave: (note: string) => void;
  onClose: () => void;
}

/** The note on one cell (shown in its popover and as trend annotations). */
export function ScoreNoteDialog({ where, note, onSave, onClose }: ScoreNoteDialogProps) {
  const [text, setText] = useState(note);
  const tooLong = text.length > SCORE_NOTE_MAX;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Note"
      description={where}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={tooLong} onClick={() => onSave(text.trim())}>
            Save note
          </Button>
        </>
      }
    >
      <label htmlFor="score-note" className={LABEL_CLASSES}>
        Note
      </label>
      <textarea
        id="score-note"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? 'score-note-error' : undefined}
        className={inputClasses(tooLong)}
      />
      {tooLong ? (
        <p id="score-note-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
          A note must be at most {SCORE_NOTE_MAX} characters.
        </p>
      ) : null}
    </Dialog>
  );
}
