/** The ES module build of tslib has the same exports as the package's main module. */
declare module 'tslib/tslib.es6.mjs' {
  export * from 'tslib';
}
