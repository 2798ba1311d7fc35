import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  texts list --language L [--kind K]
                               every word buyers read (statuses, methods, services, taxes, grades,
                               warehouses, warehouse groups) with its English and its text in L
  texts set <kind> <ref> <field> --language L --text T
                               set the text of one word in a language (kind, ref and field as listed)
  texts remove <kind> <ref> <field> --language L
                               remove it: buyers read the English again`;

const OPTIONS = { language: { type: 'string' }, kind: { type: 'string' }, text: { type: 'string' } } as const;

const usage = () => new Error(`Usage:\n${USAGE}`);
const given = (values: Values, name: string) =>
  typeof values[name] === 'string' ? (values[name] as string) : undefined;

/** The admin call of a texts command; the marketplace checks the kind, field, language and length, and says what is wrong. */
export function textRequest(
  [sub, kind, ref, field]: string[],
  values: Values,
): { method: 'GET' | 'PUT' | 'DELETE'; route: string; body?: unknown } {
  const language = given(values, 'language');
  if (!language) throw usage();
  switch (sub) {
    case 'list': {
      const query = new URLSearchParams({ language });
      const only = given(values, 'kind');
      if (only) query.set('kind', only);
      return { method: 'GET', route: `/texts?${query}` };
    }
    case 'set': {
      const text = given(values, 'text');
      if (!kind || !ref || !field || text === undefined) throw usage();
      return { method: 'PUT', route: '/texts', body: { kind, ref, field, language, text } };
    }
    case 'remove':
      if (!kind || !ref || !field) throw usage();
      return { method: 'DELETE', route: '/texts', body: { kind, ref, field, language } };
    default:
      throw usage();
  }
}

/** `npm run marketplace -- texts ...`: the marketplace's words in each language, as the tenant operator sets them. */
export const textsCommand: Command = {
  usage: USAGE,
  options: OPTIONS,
  async run(args: string[], values: Values) {
    const { method, route, body } = textRequest(args, values);
    print(await withAdmin((call) => call(method, route, body)));
  },
};
