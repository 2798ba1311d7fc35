import type { createPreorderAllocation } from '../services/preorder-allocation';
import type { Job } from './runner';

export const PREORDER_ALLOCATION_JOB = 'preorder-allocation';

/** Every minute: pre-orders whose stock arrived are allocated, and the allocation e-mails not sent yet go. */
export function preorderAllocationJob(allocation: ReturnType<typeof createPreorderAllocation>): Job {
  return { name: PREORDER_ALLOCATION_JOB, everyMs: 60_000, run: () => allocation.run() };
}
