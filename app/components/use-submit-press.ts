import { useEffect, useRef } from 'react';

/**
 * Whether a press on a form's submit button is under way (issue 51). A number field left by that
 * press does not apply its on-blur rule: the value goes as typed, and the server applies the same
 * rule and shows what it changed before anything counts, instead of the field changing under the
 * press and the changed value being sent unseen. A press ends with its click (on touch screens the
 * field is left only after the finger comes up), a cancelled pointer or a key.
 */
export function useSubmitPress() {
  const pressing = useRef(false);
  useEffect(() => {
    const release = () => {
      pressing.current = false;
    };
    const afterClick = () => setTimeout(release, 0);
    window.addEventListener('click', afterClick, true);
    window.addEventListener('pointercancel', release, true);
    window.addEventListener('keydown', release, true);
    return () => {
      window.removeEventListener('click', afterClick, true);
      window.removeEventListener('pointercancel', release, true);
      window.removeEventListener('keydown', release, true);
    };
  }, []);
  return {
    /** For the submit button's onPointerDown. */
    start: () => {
      pressing.current = true;
    },
    pressing: () => pressing.current,
  };
}
