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
}

/** A quantity or price input with its hint and error under it, both announced with the field. */
export function NumberField({ id, name = id, label, value, inputRef, onChange, onBlur, error, hint, inputMode = 'numeric' }: Props) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
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
        aria-describedby={`${hint !== undefined ? `${id}-hint ` : ''}${id}-error`}
      />
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
