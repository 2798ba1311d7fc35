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
}

/** A labelled input with its error right under it, announced to screen readers. */
export function Field({ field, label, type, autoComplete, inputMode, describedBy, onInput }: FieldProps) {
  const { t } = useTranslation();
  const errorId = `${field.id}-error`;
  const inputProps = getInputProps(field, {
    type,
    ariaDescribedBy: [field.errors?.length ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined,
  });
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
      <p className="field__error" id={errorId} aria-live="polite">
        {field.errors?.map((key) => t(key)).join(' ')}
      </p>
    </div>
  );
}
