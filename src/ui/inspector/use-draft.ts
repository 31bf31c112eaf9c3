import { useCallback, useEffect, useRef, useState } from 'react';
import { findUnterminatedPlaceholder } from '../../core/workload/placeholder-syntax';

/**
 * Typing in a form field updates the YAML live, but in sensible steps: the value is written after a
 * short pause in typing (each write is one undo step, like a burst of typing in the editor), and at
 * once on blur or Enter. While typing, nothing is written that the user is visibly not done with:
 * an emptied field (written — i.e. removed — on blur, so that retyping a value does not move its key
 * to the end) and a `${` not yet closed (a half-typed placeholder would flash errors everywhere).
 */
export const COMMIT_PAUSE_MS = 400;

export interface DraftOptions {
  /** Hold back writes while the text is unfinished; blur and Enter write anyway. */
  holdWhile?: (text: string) => boolean;
}

export interface Draft {
  /** What the field shows: the text being typed, or the model's value. */
  text: string;
  change(text: string): void;
  /** Writes now what was typed (blur, Enter). */
  flush(): void;
  /** Forgets what was typed and not yet written (Escape). */
  revert(): void;
  /** The field lost focus: write, then show the model again. */
  blur(): void;
}

/** A `${` not yet closed: the user is in the middle of a placeholder. */
export const halfPlaceholder = (text: string): boolean => findUnterminatedPlaceholder(text) >= 0;

/** Emptied, or in the middle of a placeholder: the default for fields whose clearing removes the key. */
export const unfinished = (text: string): boolean => text === '' || halfPlaceholder(text);

export function useDraft(
  value: string,
  commit: (text: string) => void,
  { holdWhile = unfinished }: DraftOptions = {},
): Draft {
  const [draft, setDraft] = useState<string | null>(null);
  const latest = useRef({ value, commit, draft });
  useEffect(() => {
    latest.current = { value, commit, draft };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A write is due (typed and not yet written). */
  const pending = useRef(false);

  const send = useCallback((text: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = false;
    if (text !== latest.current.value) latest.current.commit(text);
  }, []);

  const change = useCallback(
    (text: string) => {
      setDraft(text);
      latest.current.draft = text;
      pending.current = true;
      clearTimeout(timer.current);
      timer.current = holdWhile(text) ? undefined : setTimeout(() => send(text), COMMIT_PAUSE_MS);
    },
    [holdWhile, send],
  );

  const flush = useCallback(() => {
    const d = latest.current.draft;
    if (d !== null && pending.current) send(d);
  }, [send]);

  const revert = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = false;
    latest.current.draft = null;
    setDraft(null);
  }, []);

  const blur = useCallback(() => {
    flush();
    latest.current.draft = null;
    setDraft(null);
  }, [flush]);

  // A field that goes away (another selection) still writes what was typed into it.
  useEffect(() => () => flush(), [flush]);

  return { text: draft ?? value, change, flush, revert, blur };
}
