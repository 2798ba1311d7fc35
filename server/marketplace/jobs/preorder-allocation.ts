import type { createPreorderAllocation } from '../services/preorders/preorder-allocation';
import type { Job } from './runner';

export const PREORDER_ALLOCATION_JOB = 'preorder-allocation';

/**
 * Every minute: pre-orders whose stock arrived are allocated, and the allocation e-mails not sent yet
 * go. A run takes well under a second and renews its lease every 10 s: a replica killed mid-run holds
 * the allocation (and a seller's "allocate" waiting on it) back by 30 s, not the default 2 minutes.
 */
export function preorderAllocationJob(allocation: ReturnType<typeof createPreorderAllocation>): Job {
  return { name: PREORDER_ALLOCATION_JOB, everyMs: 60_000, leaseMs: 30_000, run: () => allocation.run() };
}
