import { useTranslation } from '~/i18n/light-react-i18next';

/**
 * A field's error line, under the id its control's aria-describedby names, and announced as it changes:
 * the one way every control says what was wrong with it, inside a `Field` or beside a control of its own.
 */
export function FieldError({
  id,
  errors,
  words,
}: {
  id: string;
  errors?: readonly string[] | null;
  /** How an error key reads, when its message names values (an amount, a limit); by default its text as it is. */
  words?: (key: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <p className="field__error" id={id} aria-live="polite">
      {errors?.map((key) => (words ? words(key) : t(key))).join(' ')}
    </p>
  );
}
