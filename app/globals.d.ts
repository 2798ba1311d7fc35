declare const APP_VERSION: string;
/** Defined (true) by scripts/build-server.mjs in the built server and CLI; absent under tsx. */
declare const BUILT_SERVER: boolean | undefined;
