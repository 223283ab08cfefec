// @ts-check
/**
 * Compares two facts packs field by field, and checks the differences against the reviewed list of
 * `known-differences.json`.
 *
 * A difference is a JSON path (`nodes.json: nodes[postgres].inputs[host].optional`) with the two values.
 * Arrays of objects that carry a unique key (`method`+`path`, `path`, `name`, `file`) are matched by that key, so one
 * added node does not shift every later one; other arrays are compared position by position.
 */
import {compareStrings} from './normalize.mjs';

/**
 * @typedef {object} Difference
 * @property {string} file the pack's file (`nodes.json`)
 * @property {string} path the JSON path inside it
 * @property {unknown} expected the value in the reference pack (absent: `undefined`)
 * @property {unknown} actual the value extracted
 */

/**
 * @typedef {object} KnownDifference
 * @property {string} file the pack's file
 * @property {string} path a JSON path; `*` matches one path segment or index, a final `**` everything below
 * @property {string} reason why the extracted value differs from the reference, reviewed
 * @property {'sameInstant'} [check] a condition the two values must still meet (`sameInstant`: two ISO dates that
 *   name the same instant, e.g. with and without the committer's time zone offset)
 */

/**
 * The key that identifies an item of an array of objects, if all items have one.
 * @param {unknown[]} items
 * @returns {{fields: string, key: (item: Record<string, unknown>) => string} | null}
 */
function itemKey(items) {
  if (!items.length || !items.every((item) => item && typeof item === 'object' && !Array.isArray(item))) return null;
  const records = /** @type {Record<string, unknown>[]} */ (items);
  /** @type {Array<[string, (item: Record<string, unknown>) => string]>} */
  const candidates = [
    ['method+path', (item) => `${item.method} ${item.path}`],
    ['path', (item) => `${item.path}`],
    ['name', (item) => `${item.name}`],
    ['file', (item) => `${item.file}`],
    ['file+name', (item) => `${item.file}#${item.name}`],
  ];
  for (const [fields, key] of candidates) {
    const names = fields.split('+');
    if (!records.every((item) => names.every((name) => typeof item[name] === 'string'))) continue;
    const keys = records.map(key);
    if (new Set(keys).size === keys.length) return {fields, key};
  }
  return null;
}

/**
 * Every difference between two JSON values.
 * @param {unknown} expected
 * @param {unknown} actual
 * @param {string} file
 * @param {string} [at] the path so far
 * @param {Difference[]} [out]
 * @returns {Difference[]}
 */
export function diffJson(expected, actual, file, at = '', out = []) {
  if (Object.is(expected, actual)) return out;
  const bothArrays = Array.isArray(expected) && Array.isArray(actual);
  const bothObjects =
    expected &&
    actual &&
    typeof expected === 'object' &&
    typeof actual === 'object' &&
    !Array.isArray(expected) &&
    !Array.isArray(actual);
  if (bothArrays) {
    const a = /** @type {unknown[]} */ (expected);
    const b = /** @type {unknown[]} */ (actual);
    let byA = itemKey(a);
    let byB = itemKey(b);
    if (!a.length) byA = byB;
    if (!b.length) byB = byA;
    if (byA && byB && byA.fields === byB.fields) {
      const keyA = byA.key;
      const keyB = byB.key;
      const mapA = new Map(a.map((item) => [keyA(/** @type {Record<string, unknown>} */ (item)), item]));
      const mapB = new Map(b.map((item) => [keyB(/** @type {Record<string, unknown>} */ (item)), item]));
      for (const [key, item] of mapA) diffJson(item, mapB.get(key), file, `${at}[${key}]`, out);
      for (const [key, item] of mapB) if (!mapA.has(key)) diffJson(undefined, item, file, `${at}[${key}]`, out);
      const orderA = [...mapA.keys()].filter((key) => mapB.has(key));
      const orderB = [...mapB.keys()].filter((key) => mapA.has(key));
      if (orderA.join('\n') !== orderB.join('\n'))
        out.push({file, path: `${at}(order)`, expected: orderA, actual: orderB});
      return out;
    }
    for (let index = 0; index < Math.max(a.length, b.length); index++)
      diffJson(a[index], b[index], file, `${at}[${index}]`, out);
    return out;
  }
  if (bothObjects) {
    const a = /** @type {Record<string, unknown>} */ (expected);
    const b = /** @type {Record<string, unknown>} */ (actual);
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) diffJson(a[key], b[key], file, at ? `${at}.${key}` : key, out);
    return out;
  }
  out.push({file, path: at, expected, actual});
  return out;
}

/**
 * Whether a known difference's path pattern covers a path.
 * @param {string} pattern
 * @param {string} path
 */
export function pathMatches(pattern, path) {
  if (pattern.endsWith('.**') || pattern.endsWith('**')) {
    const prefix = pattern.replace(/\.?\*\*$/, '');
    return (
      path === prefix ||
      path.startsWith(`${prefix}.`) ||
      path.startsWith(`${prefix}[`) ||
      patternToRegExp(prefix, true).test(path)
    );
  }
  return patternToRegExp(pattern, false).test(path);
}

/**
 * @param {string} pattern
 * @param {boolean} prefix
 */
function patternToRegExp(pattern, prefix) {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^.\\[\\]]*');
  return new RegExp(`^${escaped}${prefix ? '(?:[.[].*)?' : ''}$`);
}

/**
 * Splits differences into those the reviewed list explains and those it does not, and finds the list's entries
 * that explain nothing (stale).
 * @param {Difference[]} differences
 * @param {KnownDifference[]} known
 * @returns {{unexplained: Difference[], explained: Difference[], stale: KnownDifference[]}}
 */
export function checkKnown(differences, known) {
  /** @type {Set<KnownDifference>} */
  const used = new Set();
  /** @type {Difference[]} */
  const unexplained = [];
  /** @type {Difference[]} */
  const explained = [];
  for (const difference of differences) {
    const entry = known.find(
      (item) =>
        item.file === difference.file && pathMatches(item.path, difference.path) && meetsCheck(item, difference),
    );
    if (entry) {
      used.add(entry);
      explained.push(difference);
    } else unexplained.push(difference);
  }
  return {unexplained, explained, stale: known.filter((entry) => !used.has(entry))};
}

/**
 * Whether a difference meets the condition its known entry states.
 * @param {KnownDifference} entry
 * @param {Difference} difference
 */
function meetsCheck(entry, difference) {
  if (entry.check === 'sameInstant') {
    const a = Date.parse(String(difference.expected));
    const b = Date.parse(String(difference.actual));
    return Number.isFinite(a) && a === b;
  }
  return true;
}

/**
 * A short report of differences, grouped by path with indices and keys replaced by `*`.
 * @param {Difference[]} differences
 * @param {number} [examples] how many examples to show per group
 */
export function formatDifferences(differences, examples = 2) {
  /** @type {Map<string, Difference[]>} */
  const groups = new Map();
  for (const difference of differences) {
    const group = `${difference.file}: ${difference.path.replace(/\[[^\]]*\]/g, '[*]')}`;
    groups.set(group, [...(groups.get(group) ?? []), difference]);
  }
  const show = (/** @type {unknown} */ value) => {
    const text = value === undefined ? '(absent)' : JSON.stringify(value);
    return text.length > 160 ? `${text.slice(0, 157)}...` : text;
  };
  return [...groups.keys()]
    .sort(compareStrings)
    .map((group) => {
      const items = groups.get(group) ?? [];
      const lines = items
        .slice(0, examples)
        .map((item) => `    ${item.path}\n      expected ${show(item.expected)}\n      actual   ${show(item.actual)}`);
      return `${group} (${items.length})\n${lines.join('\n')}`;
    })
    .join('\n');
}
