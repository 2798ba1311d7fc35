/** Parsed CLI options (node:util parseArgs values). */
export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  /** Usage lines, indented as in the CLI's help. */
  usage: string;
  options?: Record<string, { type: 'string' | 'boolean' }>;
  run(args: string[], values: Values): Promise<void>;
}

export const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

/** The commands of the marketplace's capabilities (offers, reports), by name. */
export const EXTRA_COMMANDS: Record<string, Command> = {};

export const EXTRA_OPTIONS = Object.assign({}, ...Object.values(EXTRA_COMMANDS).map((c) => c.options ?? {})) as Record<
  string,
  { type: 'string' | 'boolean' }
>;
export const EXTRA_USAGE = Object.values(EXTRA_COMMANDS)
  .map((c) => `\n${c.usage}`)
  .join('');
