// The parts of exceljs's own dependency and helper that xlsx-reader.ts uses (neither ships types).

declare module 'unzipper' {
  const unzipper: {
    // A top-level import would make this file a module, and these declarations augmentations of nothing.
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports
    Parse(options: { forceStream: boolean }): NodeJS.ReadWriteStream & AsyncIterable<import('./xlsx-reader').ZipEntry>;
  };
  export default unzipper;
}

declare module 'exceljs/lib/utils/iterate-stream.js' {
  const iterateStream: (stream: NodeJS.ReadableStream) => AsyncIterable<unknown>;
  export default iterateStream;
}
