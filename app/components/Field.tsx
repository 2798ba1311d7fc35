import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { useTranslation } from '~/i18n/light-react-i18next';

interface FieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  describedBy?: string;
  onInput?: (value: string) => void;
  /** A hint between the label and the input, tied to it by aria-describedby. */
  hint?: string;
  /** The field's limit as the page says it (the schema's bound may be looser, so that the rule says why). */
  maxLength?: number;
  /** The value before any answer of the form's (Conform's, with what was sent, takes over after). */
  defaultValue?: string;
  className?: string;
}

/** A labelled input, its hint, and its error right under it, announced to screen readers. */
export function Field({
  field,
  label,
  type,
  autoComplete,
  inputMode,
  describedBy,
  onInput,
  hint,
  maxLength,
  defaultValue,
  className,
}: FieldProps) {
  const { t } = useTranslation();
  // Conform puts the error's id first in aria-describedby itself when the field has errors.
  const ariaDescribedBy = [hint ? field.descriptionId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  const inputProps = getInputProps(field, { type, ariaDescribedBy });
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        key={inputProps.key}
        maxLength={maxLength ?? inputProps.maxLength}
        defaultValue={inputProps.defaultValue ?? defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
      />
      <p className="field__error" id={field.errorId} aria-live="polite">
        {field.errors?.map((key) => t(key)).join(' ')}
      </p>
    </div>
  );
}
