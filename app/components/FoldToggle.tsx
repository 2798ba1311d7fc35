/**
 * What folds away on narrow screens (the side menu, the stock filters) is shown by this toggle: a
 * checkbox, so it works without JavaScript. It must come right before what it controls, as a sibling:
 * the CSS shows that section on narrow screens only while the box is checked, and hides the toggle on
 * wide screens, where the section is always shown.
 */
export function FoldToggle({ id, controls, label, inputRef }: { id: string; controls: string; label: string; inputRef?: React.Ref<HTMLInputElement> }) {
  return (
    <>
      <input type="checkbox" id={id} className="fold-toggle" aria-controls={controls} ref={inputRef} />
      <label htmlFor={id} className="fold-toggle__label">
        {label}
      </label>
    </>
  );
}
