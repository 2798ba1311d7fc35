import { describe, expect, it } from 'vitest';
import { en } from '../locales/en';
import { fr } from '../locales/fr';
import { failureText } from './failure-message';

const translator = (texts: Record<string, string>) => (key: string, params?: Record<string, unknown>) =>
  texts[key]?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

describe('the error chain of spec 1 §8', () => {
  it('translates the messageCode in the buyer’s language first', () => {
    const failure = {
      messageCode: 'LimitExceededException',
      text: 'Attempt limit exceeded, please try after some time.',
    };
    expect(failureText(failure, translator(en))).toBe(en['errors.LimitExceededException']);
    expect(failureText(failure, translator(fr))).toBe(fr['errors.LimitExceededException']);
    expect(fr['errors.LimitExceededException']).not.toBe(en['errors.LimitExceededException']);
  });

  it('then the server’s message, then the fallback, then Internal Server Error', () => {
    expect(failureText({ messageCode: 'unknownCode', text: 'server text' }, translator(fr))).toBe('server text');
    expect(failureText({ fallbackKey: 'errors.forbidden' }, translator(fr))).toBe(fr['errors.forbidden']);
    expect(failureText({}, translator(fr))).toBe(fr['errors.internal']);
    expect(failureText({}, () => undefined)).toBe('Internal Server Error');
  });
});
