import type { SubmissionResult, useForm } from '@conform-to/react';
import { useActionData } from '@remix-run/react';

/**
 * What an action answers a form it refused: Conform's last result (errors are i18n keys, values as
 * sent or as the rules made them), named by the form it belongs to, since several forms of one page
 * post to the same action.
 */
export interface FormReply {
  form: string;
  result: SubmissionResult<string[]>;
  /** Messages about values the rules changed (not errors: the buyer confirms by sending again). */
  notices?: string[];
}

const isReply = (data: unknown): data is FormReply =>
  typeof data === 'object' &&
  data !== null &&
  'form' in data &&
  'result' in data &&
  typeof (data as FormReply).result === 'object';

/** The action's reply to the form `form`, if the last submission was that form's. */
export function useFormReply(form: string): FormReply | undefined {
  const data = useActionData<unknown>();
  return isReply(data) && data.form === form ? data : undefined;
}

/** A form's constraint (required, maxLength, pattern…), made from its schema on the server so that no schema library ships to the browser. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]['constraint']>;
