/** Parsed CLI options (node:util parseArgs values). */
export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  /** Usage lines, indented as in the CLI's help. */
  usage: string;
  options?: Record<string, { type: 'string' | 'boolean' }>;
  run(args: string[], values: Values): Promise<void>;
}

export const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
