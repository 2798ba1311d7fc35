import { getFormProps, useForm } from '@conform-to/react';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { RouteDialog } from '~/components/RouteDialog';
import { useHydrated } from '~/components/use-hydrated';
import { failureError, readFailureError } from '~/domain/failure-error';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { IMPORT_FILE_ACCEPT } from '~/domain/offers/import';
import { withParams } from './use-stock';
import { useTexts } from '~/i18n/use-texts';

/**
 * The bulk offer import upload (spec 1 §2): one xlsx or xls file, a drop area with JavaScript and a
 * plain file input without; refusals show inside the dialog as a dismissible error (spec 1 §8).
 */
export function ImportDialog({ failure, listSearch }: { failure: FailureParts | null; listSearch: string }) {
  useTexts('dialog', 'import', 'importErrors');
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [dragging, setDragging] = useState(false);
  const uploading = navigation.state === 'submitting' && navigation.formAction?.startsWith('/stock/import') === true;
  const translate = (key: string, params?: Record<string, unknown>) => (i18n.exists(key) ? t(key, params) : undefined);
  // The refusal comes back through a redirect (the upload posts to the import route): Conform's last result is made from it.
  const lastResult = useMemo(
    () => (failure ? { status: 'error' as const, error: { file: [failureError(failure)] } } : undefined),
    [failure],
  );
  const [form, fields] = useForm<{ file: File }>({
    id: 'import',
    lastResult,
    onSubmit: (event) => {
      if (!input.current?.files?.length) {
        event.preventDefault();
        setLocalError(t('errors.importNoFile'));
      }
    },
  });
  const file = fields.file;
  const serverError =
    file.errors?.length && !dismissed ? failureText(readFailureError(file.errors[0]!), translate) : null;
  const error = localError ?? serverError;

  const choose = (files: FileList | null) => {
    setDismissed(true);
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setLocalError(t('errors.importOneFile'));
      return;
    }
    if (input.current && input.current.files !== files) input.current.files = files;
    setLocalError(null);
    setFileName(files[0]!.name);
  };

  return (
    <RouteDialog title={t('import.title')} closeTo={withParams(location.search, { dialog: null })}>
      {error ? (
        <div className="notice notice--error import-error" role="alert" id={file.errorId}>
          <p>{error}</p>
          {hydrated ? (
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                setLocalError(null);
                setDismissed(true);
              }}
            >
              {t('import.dismiss')}
            </button>
          ) : (
            <Link to={`${location.pathname}${location.search}`} className="button button--link" preventScrollReset>
              {t('import.dismiss')}
            </Link>
          )}
        </div>
      ) : null}
      <p>{t('import.explain')}</p>
      <p>
        <a href="/stock/import-template" download>
          {t('import.template')}
        </a>
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        action={`/stock/import${listSearch ? `?${listSearch}` : ''}`}
        encType="multipart/form-data"
        className="import-form"
      >
        <label
          className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            choose(event.dataTransfer.files);
          }}
        >
          <span className="drop-zone__text">{hydrated ? t('import.dropHere') : t('import.chooseFile')}</span>
          <input
            ref={input}
            type="file"
            id={file.id}
            name={file.name}
            accept={IMPORT_FILE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? file.errorId : undefined}
            onChange={(event) => choose(event.currentTarget.files)}
          />
          {fileName ? <span className="drop-zone__file">{fileName}</span> : null}
        </label>
        <div className="dialog-actions">
          <button
            type="submit"
            name="intent"
            value="import-upload"
            className="button button--primary"
            disabled={uploading}
          >
            {uploading ? t('import.uploading') : t('import.upload')}
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}
