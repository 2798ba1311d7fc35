/** An RMA number as it can stand in an address (the tenant API's own pattern). */
export const RMA_NUMBER = /^RMA-[A-Za-z0-9-]{1,60}$/;

/** The answer of a file (a return's packing slip or photo, a lot's photo) that is not the buyer's or not there. */
export const fileNotFound = () =>
  new Response('Not Found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
