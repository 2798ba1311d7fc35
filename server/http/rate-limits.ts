import type { Request } from 'express';
import rateLimit from 'express-rate-limit';

const WINDOW_MS = 5 * 60 * 1000;

/**
 * Strict limits on what can be guessed at: sign-in, new password and password reset, both the
 * portal's forms and the tenant API's identity calls. The limit is per client address.
 */
export function strictAuthLimit(maxPerWindow: number) {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: maxPerWindow,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skip: (req: Request) => req.method !== 'POST',
    handler: (_req, res) => {
      res
        .status(429)
        .type('text/plain')
        .send('Too many attempts. Please wait a few minutes and try again.');
    },
  });
}
