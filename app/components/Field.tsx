import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  describedBy?: string;
  onInput?: (value: string) => void;
}

/** A labelled input with its error right under it, announced to screen readers. */
export function Field({ field, label, type, autoComplete, inputMode, describedBy, onInput }: FieldProps) {
  const { t } = useTranslation();
  // Conform puts the error's id first in aria-describedby itself when the field has errors.
  const inputProps = getInputProps(field, { type, ariaDescribedBy: describedBy });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...inputProps}
        key={inputProps.key}
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
