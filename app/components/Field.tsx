import type { FieldMetadata } from '@conform-to/react';
import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { FieldError } from './FieldError';

interface FieldProps {
  field: FieldMetadata<string | number | File[] | undefined>;
  label: string;
  /** Said to screen readers only, where a table's column heading says it to the eye. */
  labelHidden?: boolean;
  /** `textarea` for text of several lines; `select` for a choice among its children (the options). */
  type: 'text' | 'email' | 'password' | 'number' | 'file' | 'textarea' | 'select';
  children?: ReactNode;
  /** The errors to show, when not every one Conform keeps (a row's form whose reply is past); by default the field's. */
  errors?: readonly string[];
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  describedBy?: string;
  onInput?: (value: string) => void;
  /** A hint between the label and the input, tied to it by aria-describedby (text, or paragraphs of its own). */
  hint?: ReactNode;
  /** The field's limit as the page says it (the schema's bound may be looser, so that the rule says why). */
  maxLength?: number;
  /** The value before any answer of the form's (Conform's, with what was sent, takes over after). */
  defaultValue?: string;
  className?: string;
  /** How an error key reads, when its message names values (an amount, a limit); by default its text as it is. */
  words?: (key: string) => string;
  /** Takes the focus when shown: a cell's input that its row's Edit opened, in place of that link. */
  autoFocus?: boolean;
  /** The lines a textarea shows. */
  rows?: number;
  /** Attributes of the control itself: its look, what the browser may do to the text, and its own limits. */
  control?: {
    className?: string;
    spellCheck?: boolean;
    autoCapitalize?: 'off';
    required?: boolean;
    max?: number;
    multiple?: boolean;
    accept?: string;
    size?: number;
  };
}

/** A labelled input (or textarea, or select), its hint, and its error right under it, announced to screen readers. */
export function Field({
  field,
  label,
  labelHidden,
  type,
  autoComplete,
  inputMode,
  describedBy,
  onInput,
  hint,
  maxLength,
  defaultValue,
  className,
  words,
  rows,
  autoFocus,
  control,
  children,
  errors = field.errors,
}: FieldProps) {
  const invalid = Boolean(errors?.length);
  // The error's id first, as Conform writes it, then the hint's and the page's.
  const aria = {
    'aria-invalid': invalid || undefined,
    'aria-describedby':
      [invalid ? field.errorId : '', hint ? field.descriptionId : '', describedBy ?? ''].filter(Boolean).join(' ') ||
      undefined,
  };
  const own = {
    ...aria,
    ...control,
    autoComplete,
    onInput: onInput ? (event: { currentTarget: { value: string } }) => onInput(event.currentTarget.value) : undefined,
  };
  let input: ReactNode;
  if (type === 'select') {
    const selectProps = getSelectProps(field, { ariaAttributes: false });
    input = (
      <select {...selectProps} key={selectProps.key} {...aria} {...control}>
        {children}
      </select>
    );
  } else if (type === 'textarea') {
    const textareaProps = getTextareaProps(field, { ariaAttributes: false });
    input = (
      <textarea
        {...textareaProps}
        key={textareaProps.key}
        maxLength={maxLength ?? textareaProps.maxLength}
        defaultValue={textareaProps.defaultValue ?? defaultValue}
        rows={rows}
        {...own}
      />
    );
  } else {
    const inputProps = getInputProps(field, { type, ariaAttributes: false });
    input = (
      <input
        {...inputProps}
        key={inputProps.key}
        maxLength={maxLength ?? inputProps.maxLength}
        defaultValue={inputProps.defaultValue ?? defaultValue}
        inputMode={inputMode}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only where the buyer's own click opened the field
        autoFocus={autoFocus}
        {...own}
      />
    );
  }
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={field.id} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {!hint ? null : typeof hint === 'string' ? (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : (
        <div className="field__hint" id={field.descriptionId}>
          {hint}
        </div>
      )}
      {input}
      <FieldError id={field.errorId} errors={errors} words={words} />
    </div>
  );
}
