/**
 * The browser bundle's `tslib` (see ./index.ts): only the helpers that the
 * site's client code uses, taken from the library's ES module build (by its
 * file name: the browser bundle resolves `tslib` itself to this module). The
 * build fails if a client module uses a helper not exported here.
 */
export {__importDefault} from 'tslib/tslib.es6.mjs';
