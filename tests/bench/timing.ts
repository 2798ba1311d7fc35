/** Sequential timing of pages for the bench: one request at a time, medians, and ratios to a floor. */

export type Address = string | ((round: number) => string);
export interface Timed {
  median: number;
  p95: number;
  bytes: number;
}
export interface Target {
  url: Address;
  headers: Record<string, string>;
}

/**
 * Consecutive requests of one address in a block: few enough that the block of the floor beside it
 * sees the same state of the machine, enough that the garbage one page leaves to the first request
 * of the next block moves no median.
 */
const BLOCK = 5;

async function once({ url, headers }: Target, round: number): Promise<{ ms: number; bytes: number }> {
  const address = typeof url === 'string' ? url : url(round);
  const started = performance.now();
  const response = await fetch(address, { headers, redirect: 'manual' });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
  return { ms, bytes: body.byteLength };
}

function summary(samples: number[], bytes: number): Timed {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]!, bytes };
}

/** Requests of one address timed one at a time, gathered into a summary. */
function series(target: Target) {
  const samples: number[] = [];
  let bytes = 0;
  return {
    async take(round: number) {
      const result = await once(target, round);
      samples.push(result.ms);
      bytes = result.bytes;
    },
    summary: () => summary(samples, bytes),
  };
}

/** `rounds` requests of one address, one at a time (`url` may give a different address per round). */
export async function timed(request: Target, rounds: number): Promise<Timed> {
  const requests = series(request);
  for (let round = 0; round < rounds; round++) await requests.take(round);
  return requests.summary();
}

/**
 * A case and its floor timed in alternating blocks, `rounds` requests each, so that a slower or
 * quicker minute of a shared machine moves both alike and their ratio stays the page's own.
 */
export async function timedAgainst(
  floor: Target,
  request: Target,
  rounds: number,
): Promise<{ result: Timed; floor: Timed; ratio: number }> {
  const floors = series(floor);
  const requests = series(request);
  for (let start = 0; start < rounds; start += BLOCK) {
    const end = Math.min(start + BLOCK, rounds);
    for (let round = start; round < end; round++) await floors.take(round);
    for (let round = start; round < end; round++) await requests.take(round);
  }
  const result = requests.summary();
  const floorResult = floors.summary();
  return { result, floor: floorResult, ratio: result.median / floorResult.median };
}

/**
 * A bench script's cases run alone: the first case and the bare page warmed, the floor on its own,
 * then each case in blocks alternating with the floor, as a table; a case past its goal sets the
 * exit code.
 */
export async function timeCasesAlone(
  bareUrl: string,
  headers: Record<string, string>,
  cases: [name: string, url: string, ratio: number][],
  rounds = Number(process.env.BENCH_ROUNDS ?? 40),
) {
  const bare: Target = { url: bareUrl, headers };
  await timed({ url: cases[0]![1], headers }, rounds);
  const floor = await timed(bare, rounds);
  console.log(
    `Bare signed-in page alone: ${floor.median.toFixed(1)} ms (median of ${rounds}); each case is timed in blocks of five alternating with it.`,
  );
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  const table = [];
  for (const [name, url, goal] of cases) {
    const measured = await timedAgainst(bare, { url, headers }, rounds);
    const held = measured.ratio <= goal;
    if (!held) process.exitCode = 1;
    table.push({
      case: name,
      'median ms': round(measured.result.median),
      'p95 ms': round(measured.result.p95),
      'bare ms': round(measured.floor.median),
      'x bare': round(measured.ratio, 2),
      KiB: Math.round(measured.result.bytes / 1024),
      goal: `<= ${goal}x`,
      result: held ? 'held' : 'short',
    });
  }
  console.table(table);
}
