/**
 * What folds away on narrow screens (the side menu, the stock filters) is shown by this toggle: a
 * checkbox, so it works without JavaScript. It must come right before what it controls, as a sibling:
 * the CSS shows that section on narrow screens only while the box is checked, and hides the toggle on
 * wide screens, where the section is always shown. With `openLabel` the label says what a press does
 * (Show filters, then Hide filters).
 */
export function FoldToggle({
  id,
  controls,
  label,
  openLabel,
  inputRef,
}: {
  id: string;
  controls: string;
  label: string;
  openLabel?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <>
      <input type="checkbox" id={id} className="fold-toggle" aria-controls={controls} ref={inputRef} />
      <label htmlFor={id} className="fold-toggle__label">
        {openLabel ? (
          <>
            <span className="fold-toggle__when-closed">{label}</span>
            <span className="fold-toggle__when-open">{openLabel}</span>
          </>
        ) : (
          label
        )}
      </label>
    </>
  );
}
