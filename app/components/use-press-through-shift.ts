import { useEffect, type RefObject } from 'react';

/**
 * A press on the button completes even when what the press set off moved the button from under the
 * pointer: pressing it blurs the field being typed in, whose rule can show a notice that pushes the
 * button down before the pointer comes up, and the browser then sends no click. When the button
 * moved and the pointer came up where the button was, the press submits its form.
 */
export function usePressThroughShift(button: RefObject<HTMLButtonElement>) {
  useEffect(() => {
    const node = button.current;
    if (!node) return;
    const onDown = (down: PointerEvent) => {
      if (down.button !== 0) return;
      const before = node.getBoundingClientRect();
      const onUp = (up: PointerEvent) => {
        const after = node.getBoundingClientRect();
        const moved = after.top !== before.top || after.left !== before.left;
        const where =
          up.clientX >= before.left &&
          up.clientX <= before.right &&
          up.clientY >= before.top &&
          up.clientY <= before.bottom;
        // Still under the pointer, the browser's own click follows.
        if (moved && where && !node.contains(up.target as Node) && !node.disabled) node.form?.requestSubmit(node);
      };
      window.addEventListener('pointerup', onUp, { once: true, capture: true });
    };
    node.addEventListener('pointerdown', onDown);
    return () => node.removeEventListener('pointerdown', onDown);
  }, [button]);
}
