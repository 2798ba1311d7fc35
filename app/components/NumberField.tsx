import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  name?: string;
  label: string;
  value: string;
  /** Lets the field's state adopt what was typed before the script ran (useEntryField's ref). */
  inputRef?: React.Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  /** The spec's "on blur" rule for this field. */
  onBlur: () => void;
  /** An i18n key for the error shown under the field. */
  error?: string;
  hint?: string | null;
  inputMode?: 'numeric' | 'decimal';
  /** A currency symbol shown beside the input (before it, or after it where the language puts it there). */
  unit?: { symbol: string; after: boolean };
}

/** A quantity or price input with its hint and error under it, both announced with the field. */
export function NumberField({ id, name = id, label, value, inputRef, onChange, onBlur, error, hint, inputMode = 'numeric', unit }: Props) {
  const { t } = useTranslation();
  const input = (
    <input
      id={id}
      name={name}
      inputMode={inputMode}
      autoComplete="off"
      ref={inputRef}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      aria-describedby={`${unit ? `${id}-unit ` : ''}${hint !== undefined ? `${id}-hint ` : ''}${id}-error`}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {unit ? (
        <span className={unit.after ? 'field__money field__money--after' : 'field__money'}>
          <span className="field__unit" id={`${id}-unit`}>
            {unit.symbol}
          </span>
          {input}
        </span>
      ) : (
        input
      )}
      {hint !== undefined ? (
        <p className="field__hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={`${id}-error`} aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
