import { Form, useLocation, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { ProofOfExportData } from '~/.server/api/proof-of-export';
import { DOCUMENT_ACCEPT } from '~/domain/documents';
import { RouteDialog } from './RouteDialog';
import { useHydrated } from './use-hydrated';
import { useTexts } from '~/i18n/use-texts';

/** The page the dialog sits on, without its own parameters: where OK and Cancel come back to. */
function pageWithout(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete('poe');
  params.delete('poeError');
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

/**
 * 'Provide Proof of Export Document', site-wide (spec 2 §2): one single-file field per pending
 * document (a drop zone with scripts), OK and Cancel; 'Thank You!' when nothing is pending.
 */
export function ProofOfExportDialog({ data }: { data: ProofOfExportData & { error: string | null } }) {
  useTexts('dialog', 'poe');
  const { t } = useTranslation();
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  const back = pageWithout(location.pathname, location.search);
  if (!data.documents.length) {
    return (
      <RouteDialog title={t('poe.title')} closeTo={back} width="medium">
        <p className="poe-thanks">{t('poe.thankYou')}</p>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title={t('poe.title')} closeTo={back} width="medium">
      <Form
        method="post"
        action={`/proof-of-export?${new URLSearchParams({ back })}`}
        encType="multipart/form-data"
        className="poe-form"
      >
        <input type="hidden" name="uploadUrl" value={data.documentUploadUrl ?? ''} />
        <input type="hidden" name="authToken" value={data.authToken ?? ''} />
        <p>{t('poe.why')}</p>
        {data.documents.map((doc) => (
          <DocumentField key={doc.documentId} document={doc} />
        ))}
        <p className="field__error" role="alert">
          {data.error ? t(`poe.errors.${data.error}`, { defaultValue: t('poe.failed') }) : null}
        </p>
        <div className="dialog-actions">
          <button
            type="submit"
            name="intent"
            value="dismiss"
            className="button button--secondary"
            formNoValidate
            formEncType="application/x-www-form-urlencoded"
          >
            {t('poe.cancel')}
          </button>
          <button type="submit" name="intent" value="upload" className="button button--primary" disabled={busy}>
            {t('poe.ok')}
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}

function DocumentField({ document }: { document: ProofOfExportData['documents'][number] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const id = `poe-file-${document.documentId}`;
  return (
    <fieldset className="poe-document">
      <legend>{document.documentName}</legend>
      {document.documentDescription.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      <div
        className={`drop-zone${hydrated ? ' drop-zone--enhanced' : ''}${over ? ' drop-zone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const file = event.dataTransfer.files[0];
          if (!file || !input.current) return;
          const one = new DataTransfer();
          one.items.add(file);
          input.current.files = one.files;
          setChosen(file.name);
        }}
      >
        <label htmlFor={id}>{hydrated ? t('poe.dropOrChoose') : t('poe.choose')}</label>
        {/* With scripts the browser's own file button (and its copy of the name) gives way to ours. */}
        <input
          ref={input}
          id={id}
          type="file"
          name={`file-${document.documentId}`}
          accept={DOCUMENT_ACCEPT}
          onChange={(e) => setChosen(e.currentTarget.files?.[0]?.name ?? null)}
        />
        {hydrated ? (
          <span className="drop-zone__choice">
            <label htmlFor={id} className="button button--secondary button--small" aria-hidden="true">
              {t('poe.chooseButton')}
            </label>
            <span className="muted" aria-live="polite">
              {chosen ?? t('poe.noFile')}
            </span>
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
