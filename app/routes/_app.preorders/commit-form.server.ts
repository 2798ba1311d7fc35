import { z } from 'zod';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { preordersApi, type Preorder } from '~/.server/api/preorders';
import { parseButtons, parseTyped, refuseForm } from '~/.server/conform';
import { dispatchIntent, fields } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { COMMITMENT_ERRORS, isOpenAt, readCommitment } from '~/domain/preorders/commitment';

import { commitFormId } from './ids';

const commitSchema = z.object({
  intent: z.literal('commit'),
  preorderId: fields.id,
  quantity: fields.typed(20, 'entry.errors.tooLarge'),
  maxUnitPrice: fields.typed(20, 'entry.errors.tooLarge'),
});
const withdrawSchema = z.object({ intent: z.literal('withdraw'), preorderId: fields.id });
const TYPED = new Set(['quantity', 'maxUnitPrice']);
export const commitConstraint = getZodConstraint(commitSchema);

/** The marketplace's refusal of a commitment names its field and message (params.field, params.key). */
function refusedField(error: unknown): { field: string; key: string } | null {
  if (!(error instanceof ApiFailure) || error.status !== 422) return null;
  const { field, key } = error.params;
  return (field === 'quantity' || field === 'maxUnitPrice') && typeof key === 'string' && key.startsWith('preorders.')
    ? { field, key }
    : null;
}

const notFound = () => new Response('Not Found', { status: 404 });

interface Buyer {
  context: AppLoadContext;
  token: string;
  language: string;
}

/**
 * The page's two commands: commit (or change a commitment) and withdraw, each a function below.
 * Another buyer's commitment, or a pre-order that is not there, is a 404.
 */
export function preorderAction(form: FormData, context: AppLoadContext, token: string, language: string) {
  const buyer: Buyer = { context, token, language };
  return dispatchIntent(form, {
    commit: (form) => commit(form, buyer),
    withdraw: (form) => withdraw(form, buyer),
  });
}

/** A card's WITHDRAW: past the cut-off it is refused with the closed message. */
async function withdraw(form: FormData, { context, token }: Buyer) {
  const { preorderId } = parseButtons(form, withdrawSchema);
  try {
    await preordersApi.withdraw(context, token, preorderId);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) throw notFound();
    if (refusedField(error)) return redirectWithToast('/preorders', { type: 'error', key: COMMITMENT_ERRORS.closed });
    throw error;
  }
  return redirectWithToast('/preorders', { type: 'success', key: 'preorders.withdrawn' });
}

/**
 * A card's COMMIT (or change of a commitment). The typed values are read by the same rules the
 * marketplace applies (app/domain/preorders/commitment), each refusal beside its field; what only the
 * marketplace knows (the cut-off passing meanwhile, the authority) comes back the same way.
 */
async function commit(form: FormData, { context, token, language }: Buyer) {
  const submission = parseTyped(form, commitSchema, TYPED);
  const formId = commitFormId(String(form.get('preorderId')));
  if (submission.status !== 'success') return refuseForm(formId, submission);
  const { preorderId, quantity, maxUnitPrice } = submission.value;
  let preorder: Preorder;
  try {
    preorder = await preordersApi.one(context, token, preorderId);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) throw notFound();
    throw error;
  }
  const terms = { ...preorder, cutOff: new Date(preorder.cutOff) };
  // Closed since the page was read: the reply carries the pre-order, for the page to show it with the refusal beside its field.
  if (preorder.status !== 'OPEN' || !isOpenAt(terms, new Date()))
    return refuseForm(
      formId,
      submission,
      { fieldErrors: { quantity: [COMMITMENT_ERRORS.closed] }, status: 409 },
      { preorder },
    );
  const read = readCommitment({ quantity, maxUnitPrice }, terms, new Date(), language);
  if (!read.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(read.errors).map(([name, key]) => [name, [key]]));
    return refuseForm(formId, submission, { fieldErrors, status: 422 });
  }
  try {
    await preordersApi.commit(context, token, preorderId, { quantity: read.quantity, maxUnitPrice: read.maxUnitPrice });
  } catch (error) {
    const refused = refusedField(error);
    if (!refused) {
      if (error instanceof ApiFailure && error.status === 404) throw notFound();
      throw error;
    }
    return refuseForm(formId, submission, { fieldErrors: { [refused.field]: [refused.key] }, status: 422 });
  }
  return redirectWithToast('/preorders', { type: 'success', key: 'preorders.committed' });
}
