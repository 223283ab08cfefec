// @ts-check
/**
 * Turns evaluated values into the JSON of the facts pack, with its conventions (see /work/shared/facts/README.md
 * and product-facts/README.md):
 *
 * - an {@link Unresolved} value is `{"unresolved": text, "dependsOnEnv": [...]}`, `"spread": true` when spread;
 * - a `getBaseClasses(X)` call is `{"call", "arg", "argFrom"/"argExport"/"argFile", "spread"}`;
 * - a string over 120 characters or with a line break is `{"omittedText": true, "length": N}` (the product's prose
 *   is never copied); for input defaults the same applies to any string of more than 5 words, and
 *   description-like keys inside object defaults become `{"omittedText": true}`.
 */
import {
  BaseClassCall,
  ClassRef,
  ExternalRef,
  FunctionRef,
  Instance,
  Spread,
  Unresolved,
  isPlainObject,
} from './ts-eval.mjs';

/** Strings longer than this are not copied. */
export const maxTextLength = 120;

/** Keys of an object default whose values are prose. */
const descriptionLikeKey = /description|prompt|message|instruction|placeholder|hint|warning|text$/i;

/**
 * The omitted form of a long text, or the text itself.
 * @param {string} text
 * @param {{words?: boolean}} [rules] `words`: also omit any text of more than 5 words (input defaults)
 * @returns {string | {omittedText: true, length: number}}
 */
export function textFact(text, rules = {}) {
  if (text.length > maxTextLength || text.includes('\n')) return {omittedText: true, length: text.length};
  if (rules.words && text.trim().split(/\s+/).length > 5) return {omittedText: true, length: text.length};
  return text;
}

/**
 * The JSON form of an evaluated value.
 * @param {unknown} value
 * @param {{words?: boolean, inDefault?: boolean}} [rules] `words`: the 5-word rule of input defaults;
 *   `inDefault`: inside an object default, description-like keys are omitted
 * @returns {unknown}
 */
export function toFact(value, rules = {}) {
  if (value === undefined) return null;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return textFact(value, rules);
  if (value instanceof Unresolved) return unresolvedFact(value);
  if (value instanceof BaseClassCall) return baseClassFact(value, false);
  if (value instanceof Spread) {
    if (value.value instanceof BaseClassCall) return baseClassFact(value.value, true);
    const inner = value.value instanceof Unresolved ? value.value : new Unresolved(describe(value.value));
    return {...unresolvedFact(inner), spread: true};
  }
  if (Array.isArray(value)) return value.map((item) => toFact(item, rules));
  if (isPlainObject(value) || value instanceof Instance) {
    const fields = value instanceof Instance ? value.fields : value;
    /** @type {Record<string, unknown>} */
    const result = {};
    for (const [key, item] of Object.entries(fields)) {
      if (item === undefined || item instanceof FunctionRef) continue;
      result[key] =
        rules.inDefault && typeof item === 'string' && descriptionLikeKey.test(key)
          ? {omittedText: true}
          : toFact(item, rules);
    }
    return result;
  }
  return unresolvedFact(new Unresolved(describe(value)));
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function describe(value) {
  if (value instanceof ExternalRef) return value.text;
  if (value instanceof FunctionRef || value instanceof ClassRef) return value.name;
  if (value instanceof Unresolved) return value.text;
  return String(value);
}

/**
 * @param {Unresolved} value
 * @returns {{unresolved: string, dependsOnEnv?: string[]}}
 */
export function unresolvedFact(value) {
  return value.env.length ? {unresolved: value.text, dependsOnEnv: value.env} : {unresolved: value.text};
}

/**
 * @param {BaseClassCall} value
 * @param {boolean} spread
 */
function baseClassFact(value, spread) {
  return {call: value.call, ...value.argument, ...(spread ? {spread: true} : {})};
}

/**
 * Every unresolved item inside a JSON fact (`unresolved` texts), sorted and unique.
 * @param {unknown} fact
 * @returns {string[]}
 */
export function unresolvedItems(fact) {
  /** @type {Set<string>} */
  const items = new Set();
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = /** @type {Record<string, unknown>} */ (node);
      if (typeof record.unresolved === 'string') items.add(record.unresolved);
      Object.values(record).forEach(visit);
    }
  };
  visit(fact);
  return [...items].sort(compareStrings);
}

/**
 * Code-unit order, the same on every machine and locale.
 * @param {string} a
 * @param {string} b
 */
export function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A stable JSON text: two-space indentation and a final line break, as the shared facts are written.
 * @param {unknown} value
 */
export function jsonText(value) {
  return `${JSON.stringify(value, null, 2)}\n`;
}
