/**
 * Stands in for the `crypto-js` package in the browser bundle (see
 * plugins/api-chunks): the OpenAPI theme's storage helpers use only its SHA-1,
 * while the package's index loads every algorithm it has. The theme reads the
 * package as a CommonJS default export (`require("crypto-js").SHA1` after
 * `__importDefault`), hence the default export.
 */
import SHA1 from 'crypto-js/sha1.js';

export default {SHA1};
