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

/** `rounds` requests of one address, one at a time (`url` may give a different address per round). */
export async function timed(request: Target, rounds: number): Promise<Timed> {
  const samples: number[] = [];
  let bytes = 0;
  for (let round = 0; round < rounds; round++) {
    const result = await once(request, round);
    samples.push(result.ms);
    bytes = result.bytes;
  }
  return summary(samples, bytes);
}

/**
 * A case and its floor timed in alternating blocks, `rounds` requests each, so that a slower or
 * quicker minute of a shared machine moves both alike and their ratio stays the page's own.
 */
export async function timedAgainst(floor: Target, request: Target, rounds: number): Promise<{ result: Timed; floor: Timed; ratio: number }> {
  const floorSamples: number[] = [];
  const samples: number[] = [];
  let floorBytes = 0;
  let bytes = 0;
  for (let start = 0; start < rounds; start += BLOCK) {
    for (let round = start; round < Math.min(start + BLOCK, rounds); round++) {
      const result = await once(floor, round);
      floorSamples.push(result.ms);
      floorBytes = result.bytes;
    }
    for (let round = start; round < Math.min(start + BLOCK, rounds); round++) {
      const result = await once(request, round);
      samples.push(result.ms);
      bytes = result.bytes;
    }
  }
  const result = summary(samples, bytes);
  const floorResult = summary(floorSamples, floorBytes);
  return { result, floor: floorResult, ratio: result.median / floorResult.median };
}
