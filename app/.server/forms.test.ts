import { describe, expect, it } from 'vitest';
import { dispatchIntent } from './forms';

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe('dispatchIntent', () => {
  const handlers = {
    rename: (form: FormData) => `renamed ${String(form.get('name'))}`,
    delete: () => 'deleted',
  };

  it('answers with the handler its intent names, given the form', () => {
    expect(
      dispatchIntent(
        formOf([
          ['intent', 'rename'],
          ['name', 'Pixels'],
        ]),
        handlers,
      ),
    ).toBe('renamed Pixels');
    expect(dispatchIntent(formOf([['intent', 'delete']]), handlers)).toBe('deleted');
  });

  it.each([
    ['an intent outside the set', [['intent', 'publish']]],
    ['a name of the object but not a handler of its own', [['intent', 'toString']]],
    [
      'two intents at once',
      [
        ['intent', 'rename'],
        ['intent', 'delete'],
      ],
    ],
    ['no intent', []],
  ] as [string, [string, string][]][])('refuses %s with a 400 and calls nothing', (_, entries) => {
    let thrown: unknown;
    try {
      dispatchIntent(formOf(entries), handlers);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});
