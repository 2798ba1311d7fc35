import { reportsApi } from '~/.server/api/reports';
import { redirectWithToast } from '~/.server/toast';
import { redirect } from '@remix-run/node';
import { hasAuthority } from '~/domain/authorities';
import { parseButtons } from '~/.server/conform';
import { z } from 'zod';
import type { StockActionHandler } from './actions.server';

const toggleSchema = z.object({ intent: z.literal('daily-report'), subscribe: z.enum(['true', 'false']) });

/** Subscribe or unsubscribe (the form says which), with the spec's two messages. */
const toggle: StockActionHandler = async ({ form, context, signedIn, back }) => {
  const subscribe = parseButtons(form, toggleSchema).subscribe === 'true';
  if (!hasAuthority(signedIn.user.authorities, 'CAN_SUBSCRIBE_DAILY_REPORT')) return redirect(back);
  try {
    await reportsApi.setPreference(context, signedIn.token, subscribe);
  } catch (error) {
    if (error instanceof Response) throw error;
    // Daily report failures are logged with no user message (spec 1 §8).
    context.logger.error({ err: error }, 'daily report subscription failed');
    return redirect(back);
  }
  return redirectWithToast(back, { type: 'success', key: subscribe ? 'report.subscribed' : 'report.unsubscribed' });
};

export const REPORT_INTENTS: [string, StockActionHandler][] = [['daily-report', toggle]];
