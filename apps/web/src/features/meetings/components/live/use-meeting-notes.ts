import { useCallback, useEffect, useRef, useState } from 'react';
import type { Meeting } from '@keel/contract';
import { ApiError, errorText } from '../../../../lib/api-client';
import { useSaveMeetingNotes } from '../../meetings.api';

/** How long typing must stop before the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 800;

export type NotesStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; text: string }
  /** Someone else saved first: the person chooses between their text and the other one. */
  | { kind: 'conflict'; overVersion: number };

/**
 * The notes being written on this page. They are saved a moment after typing stops (and on leaving the field),
 * one save at a time, each over the notes version its text was written on. Someone else's save is taken in only
 * while this person has nothing unsaved; otherwise their next save is refused and they choose.
 */
export function useMeetingNotes(meeting: Meeting, refetch: () => unknown) {
  const save = useSaveMeetingNotes();
  const [draft, setDraft] = useState(meeting.notes);
  const [status, setStatus] = useState<NotesStatus>({ kind: 'idle' });
  const latest = useRef(meeting.notes);
  /** The saved notes this page's text was written over. */
  const base = useRef({ text: meeting.notes, version: meeting.notesVersion });
  const saving = useRef(false);
  const again = useRef(false);
  const conflicted = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const replace = useCallback((text: string) => {
    latest.current = text;
    setDraft(text);
  }, []);

  useEffect(() => {
    if (meeting.notesVersion <= base.current.version || saving.current || conflicted.current) return;
    if (latest.current.trimEnd() !== base.current.text) return;
    base.current = { text: meeting.notes, version: meeting.notesVersion };
    replace(meeting.notes);
  }, [meeting.notes, meeting.notesVersion, replace]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = useCallback(async () => {
    clearTimeout(timer.current);
    if (conflicted.current || latest.current.trimEnd() === base.current.text) return;
    if (saving.current) {
      again.current = true;
      return;
    }
    saving.current = true;
    setStatus({ kind: 'saving' });
    try {
      const saved = await save.mutateAsync({
        id: meeting.id,
        notes: latest.current,
        notesVersion: base.current.version,
      });
      base.current = { text: saved.notes, version: saved.notesVersion };
      setStatus({ kind: 'saved' });
    } catch (error) {
      again.current = false;
      if (error instanceof ApiError && error.code === 'meeting.notes_changed') {
        conflicted.current = true;
        setStatus({ kind: 'conflict', overVersion: base.current.version });
        void refetch();
      } else {
        setStatus({ kind: 'error', text: errorText(error, 'The notes could not be saved.') });
      }
    } finally {
      saving.current = false;
    }
    if (again.current) {
      again.current = false;
      await send();
    }
  }, [meeting.id, refetch, save]);

  const type = (text: string) => {
    replace(text);
    clearTimeout(timer.current);
    if (conflicted.current) return;
    setStatus((now) => (now.kind === 'saved' ? { kind: 'idle' } : now));
    timer.current = setTimeout(() => void send(), NOTES_SAVE_DELAY_MS);
  };

  /** Their version, once this page has it (the refetch after the refusal brings it). */
  const theirs = status.kind === 'conflict' && meeting.notesVersion > status.overVersion ? meeting.notes : null;

  return {
    draft,
    status,
    theirs,
    type,
    flush: () => void send(),
    /** Saves this page's text over theirs. */
    keepMine: () => {
      if (theirs === null) return;
      base.current = { text: theirs, version: meeting.notesVersion };
      conflicted.current = false;
      setStatus({ kind: 'idle' });
      void send();
    },
    useTheirs: () => {
      if (theirs === null) return;
      base.current = { text: theirs, version: meeting.notesVersion };
      conflicted.current = false;
      replace(theirs);
      setStatus({ kind: 'idle' });
    },
  };
}
