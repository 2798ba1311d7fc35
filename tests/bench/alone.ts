import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { standaloneBenchServer } from './bench-server';
import { maintainDatabase } from './orders';
import { timeCasesAlone } from './timing';

interface BenchCases {
  headers: Record<string, string>;
  cases: [name: string, url: string, ratio: number][];
  /** How long making the bench's data took on this run; null when the kept data already had it. */
  buildMs: number | null;
}

/**
 * When `moduleUrl` is the script run (`tsx tests/bench/<name>.ts`), its cases alone: a server of
 * their own on a small catalogue, the bench's data made, the floor, then each case beside it; a
 * case past its goal sets the exit code. `made` says what was made, given how long it took.
 */
export function runAloneIfMain(
  moduleUrl: string,
  server: Parameters<typeof standaloneBenchServer>[0],
  bench: (at: { base: string; dataDir: string }) => Promise<BenchCases>,
  made: (ms: number) => string,
) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const alone = async () => {
    const { base, dataDir, server: running } = await standaloneBenchServer(server);
    try {
      const { headers, cases, buildMs } = await bench({ base, dataDir });
      await maintainDatabase(base, dataDir);
      if (buildMs !== null) console.log(made(buildMs));
      await timeCasesAlone(`${base}/terms-of-sale`, headers, cases);
    } finally {
      running.kill('SIGTERM');
    }
  };
  alone().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
