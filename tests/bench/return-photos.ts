import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchBenchServer } from './bench-server';
import { photoBuyer, photoOf, postPhotos, rssMb, rssPeak, shippedUnits } from '../support/return-photos';

/**
 * Return photos in memory (issue 49): PHOTO_REQUESTS (6) requests of five 5 MB photos each, posted at
 * once through the portal's form by one buyer, on a server of its own. Reports the server's resident
 * memory before, at its peak (goal: under 512 MB) and 30 s after, how long the six took, how each was
 * answered (stored, or the form back with its refusal), and the slowest /healthz meanwhile. Run by
 * tests/bench/run.ts; `npx tsx tests/bench/return-photos.ts` runs it alone (`npm run build` first).
 */
const REQUESTS = Number(process.env.PHOTO_REQUESTS ?? 6);
const SETTLE_MS = Number(process.env.PHOTO_SETTLE_MS ?? 30_000);
const GOAL_MB = 512;

export async function returnPhotosBench() {
  const { base, dataDir, server, stop } = await scratchBenchServer('bench-photos-', 500);
  try {
    const buyer = await photoBuyer(base, dataDir);
    const { orderNumber, imeis } = await shippedUnits(base, dataDir, buyer.token, REQUESTS);
    const photo = photoOf();
    const beforeMb = rssMb(server.pid!);
    const peak = rssPeak(server.pid!);
    let posting = true;
    let slowestHealthMs = 0;
    let healthFailures = 0;
    const health = (async () => {
      while (posting) {
        const started = performance.now();
        const ok = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) healthFailures++;
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      imeis.slice(0, REQUESTS).map((imei) => postPhotos(base, buyer.cookie, orderNumber, imei, photo)),
    );
    const ms = performance.now() - started;
    posting = false;
    await health;
    const { peakMb } = peak.stop();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const afterMb = rssMb(server.pid!);
    const stored = answers.filter((a) => a.status === 302 && a.location?.startsWith('/returns/RMA-')).length;
    const answered = answers.map((a) => a.status).join(', ');
    console.log(
      `\nReturn photos: ${REQUESTS} requests of 5 x ${photo.size / 1024 / 1024} MB photos at once through the form, one buyer`,
    );
    console.log(
      '  server RSS'.padEnd(30),
      `${beforeMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at the peak, ${afterMb.toFixed(0)} MB ${SETTLE_MS / 1000} s after`,
      `  goal peak <= ${GOAL_MB} MB:`,
      peakMb <= GOAL_MB ? 'held' : 'short',
    );
    console.log(
      '  time'.padEnd(30),
      `${(ms / 1000).toFixed(1)} s for all (slowest ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s); slowest /healthz meanwhile ${slowestHealthMs.toFixed(0)} ms${healthFailures ? `, ${healthFailures} failed` : ''}`,
    );
    console.log('  answers'.padEnd(30), `${stored} stored, ${REQUESTS - stored} not (${answered})`);
    return { beforeMb, peakMb, afterMb, ms, stored, slowestHealthMs, healthFailures };
  } finally {
    await stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  returnPhotosBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
