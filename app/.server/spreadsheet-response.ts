/** A spreadsheet from the tenant API, streamed to the browser as a download that is never cached. */
export function spreadsheetResponse(file: { body: ReadableStream<Uint8Array> | null; fileName: string }): Response {
  return new Response(file.body, {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    },
  });
}
