import { useCallback, useEffect, useRef, useState } from 'react';

type Checked = { ok: true; value: number } | { ok: false; error: string };

/**
 * A number field whose rule runs when it is left (spec 1 §5, spec 2 §5): a value the rule accepts is
 * shown as the rule made it; text it refuses stays as typed, with the error, until the next keystroke.
 */
export function useEntryField<E extends Checked>(initial: string, rule: (text: string) => E) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const first = useRef(initial);
  const typedAtMount = useRef<string | undefined>(undefined);
  // Text typed before the page's script ran is in the field, not in the state. It is read when the
  // hydrating commit attaches the field (a render before the effect below could already have put the
  // initial value back), and adopted once the page is hydrated (a state update from the hydrating
  // commit itself is lost).
  const ref = useCallback((node: HTMLInputElement | null) => {
    if (node && typedAtMount.current === undefined) typedAtMount.current = node.value;
  }, []);
  useEffect(() => {
    const typed = typedAtMount.current;
    if (typed !== undefined && typed !== first.current) {
      setValue(typed);
      setEdited(true);
    }
  }, []);
  return {
    ref,
    value,
    error,
    /** Typed in since the page came: an error the server sent back for the old text no longer applies. */
    edited,
    change(text: string) {
      setValue(text);
      setError(null);
      setEdited(true);
    },
    /** Applies the rule to what is in the field and answers what it made of it. */
    leave(): E {
      const entry = rule(value);
      if (entry.ok) setValue(String(entry.value));
      else setError(entry.error);
      return entry;
    },
    /** The rule's verdict without changing the field; a refusal is shown. */
    check(): E {
      const entry = rule(value);
      if (!entry.ok) setError(entry.error);
      return entry;
    },
    /** Puts a value back (Cancel) without judging it. */
    set: setValue,
    /** Takes the value the server answered (as the rules made it): its errors apply to it again. */
    answered(text: string) {
      setValue(text);
      setError(null);
      setEdited(false);
    },
  };
}

/**
 * The error a number field shows: the on-blur rule's, else the one the server sent back for the
 * value as it was sent (once the buyer types, that value is gone and so is its error).
 */
export function entryError(
  entry: { error: string | null; edited: boolean },
  sentBack: string[] | undefined,
): string | undefined {
  return entry.error ?? (entry.edited ? undefined : sentBack?.[0]);
}
