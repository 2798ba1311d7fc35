import { useTranslation } from '~/i18n/light-react-i18next';

/** What the field takes of Conform's field metadata: its name, ids and length constraint. */
export interface FieldNames {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  maxLength?: number;
}

/** The same names, as Conform makes them, for a field of a form that reads Conform's reply without its runtime (decision 021). */
export const fieldNames = (form: string, name: string): FieldNames => ({
  id: `${form}-${name}`,
  name,
  errorId: `${form}-${name}-error`,
  descriptionId: `${form}-${name}-description`,
});

interface Props {
  /** Conform's metadata of the field (or fieldNames for a form without Conform's runtime). */
  field: FieldNames;
  label: string;
  value: string;
  /** Lets the field's state adopt what was typed before the script ran (useEntryField's ref). */
  inputRef?: React.Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  /** The spec's "on blur" rule for this field. */
  onBlur: () => void;
  /** The error to show (an i18n key): the on-blur rule's, or the server's (see entryError). */
  error?: string;
  hint?: string | null;
  inputMode?: 'numeric' | 'decimal';
  /** A currency symbol shown beside the input (before it, or after it where the language puts it there). */
  unit?: { symbol: string; after: boolean };
}

/** A quantity or price input with its hint and error under it, both announced with the field. */
export function NumberField({
  field,
  label,
  value,
  inputRef,
  onChange,
  onBlur,
  error,
  hint,
  inputMode = 'numeric',
  unit,
}: Props) {
  const { t } = useTranslation();
  const unitId = `${field.id}-unit`;
  const describedBy = [error ? field.errorId : '', unit ? unitId : '', hint !== undefined ? field.descriptionId : '']
    .filter(Boolean)
    .join(' ');
  // Not getInputProps: the value is the on-blur rule's state, and the error may be the rule's rather than the server's.
  const input = (
    <input
      id={field.id}
      name={field.name}
      maxLength={field.maxLength}
      inputMode={inputMode}
      autoComplete="off"
      ref={inputRef}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {unit ? (
        <span className={unit.after ? 'field__money field__money--after' : 'field__money'}>
          <span className="field__unit" id={unitId}>
            {unit.symbol}
          </span>
          {input}
        </span>
      ) : (
        input
      )}
      {hint !== undefined ? (
        <p className="field__hint muted" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={field.errorId} aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
