// @ts-check
/**
 * `behaviour.json`: facts about what the product does, read from the syntax trees of its server and checked
 * against its lock file:
 *
 * - `streaming`: which flows the server streams, from `isFlowValidForStream` (`packages/server/src/utils/index.ts`),
 *   `checkIfStreamValid` (`packages/server/src/utils/buildChatflow.ts`) and `checkIfChatflowIsValidForStreaming`
 *   (`packages/server/src/services/chatflows/index.ts`). Lists are the arrays the code holds; each boolean is true
 *   only when the corresponding condition was found in the code.
 * - `routeErrors`: for each route whose handler is a controller function, the HTTP statuses the code names in that
 *   function and in the repository functions it calls (followed to a fixed depth): `new InternalFlowiseError(status, …)`
 *   and `res.status(n)`/`res.sendStatus(n)`, with `StatusCodes.X` turned into its number. This over-approximates:
 *   a status named in a branch that cannot be reached, or one that a `catch` turns into another, is still listed;
 *   a status computed at run time (`error.statusCode`) is not.
 * - `nodeIncompatibilities`: nodes that cannot work with the library versions the lock file pins. The claims come
 *   from `product-facts/incompatibilities.json` (reviewed); each is verified here against the node's imports and
 *   `pnpm-lock.yaml`, with the versions found. A claim whose evidence no longer holds is reported in
 *   `staleIncompatibilities` instead.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import YAML from 'yaml';
import {compareStrings} from './normalize.mjs';
/** @typedef {import('./ts-eval.mjs').Program} Program */

const here = path.dirname(fileURLToPath(import.meta.url));

export const streamingFiles = {
  validator: {file: 'packages/server/src/utils/index.ts', function: 'isFlowValidForStream'},
  prediction: {file: 'packages/server/src/utils/buildChatflow.ts', function: 'checkIfStreamValid'},
  endpoint: {file: 'packages/server/src/services/chatflows/index.ts', function: 'checkIfChatflowIsValidForStreaming'},
};

/** How deep `routeErrors` follows calls from a controller function (controller → service → helpers). */
export const routeErrorsDepth = 3;

/** `StatusCodes` of the `http-status-codes` package. */
export const statusCodes = /** @type {Record<string, number>} */ ({
  CONTINUE: 100,
  SWITCHING_PROTOCOLS: 101,
  PROCESSING: 102,
  EARLY_HINTS: 103,
  OK: 200,
  CREATED: 201,
  ACCEPTED: 202,
  NON_AUTHORITATIVE_INFORMATION: 203,
  NO_CONTENT: 204,
  RESET_CONTENT: 205,
  PARTIAL_CONTENT: 206,
  MULTI_STATUS: 207,
  MULTIPLE_CHOICES: 300,
  MOVED_PERMANENTLY: 301,
  MOVED_TEMPORARILY: 302,
  SEE_OTHER: 303,
  NOT_MODIFIED: 304,
  USE_PROXY: 305,
  TEMPORARY_REDIRECT: 307,
  PERMANENT_REDIRECT: 308,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  PROXY_AUTHENTICATION_REQUIRED: 407,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  LENGTH_REQUIRED: 411,
  PRECONDITION_FAILED: 412,
  REQUEST_TOO_LONG: 413,
  REQUEST_URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUESTED_RANGE_NOT_SATISFIABLE: 416,
  EXPECTATION_FAILED: 417,
  IM_A_TEAPOT: 418,
  INSUFFICIENT_SPACE_ON_RESOURCE: 419,
  METHOD_FAILURE: 420,
  MISDIRECTED_REQUEST: 421,
  UNPROCESSABLE_ENTITY: 422,
  LOCKED: 423,
  FAILED_DEPENDENCY: 424,
  UPGRADE_REQUIRED: 426,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  UNAVAILABLE_FOR_LEGAL_REASONS: 451,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  HTTP_VERSION_NOT_SUPPORTED: 505,
  INSUFFICIENT_STORAGE: 507,
  NETWORK_AUTHENTICATION_REQUIRED: 511,
});

/**
 * Extracts the behaviour facts.
 * @param {Program} program
 * @param {string[]} files
 * @param {Array<{method: string, path: string, file: string, handler: string}>} routes the routes of `api-routes.json`
 */
export function extractBehaviour(program, files, routes) {
  /** @type {{claims: IncompatibilityClaim[]}} */
  const input = JSON.parse(readFileSync(path.join(here, 'incompatibilities.json'), 'utf8'));
  const {verified, stale} = verifyIncompatibilities(program, files, input.claims);
  return {
    streaming: streamingFacts(program, files),
    routeErrors: routeErrors(program, files, routes),
    nodeIncompatibilities: verified,
    staleIncompatibilities: stale,
  };
}

/**
 * A top-level function of a file (`function f` or `const f = (…) => …`).
 * @param {Program} program
 * @param {string[]} files
 * @param {string} file
 * @param {string} name
 * @returns {ts.FunctionLikeDeclaration | undefined}
 */
function topLevelFunction(program, files, file, name) {
  if (!files.includes(file)) return undefined;
  for (const statement of program.module(file).sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.name.text === name &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          return init;
        }
      }
    }
  }
  return undefined;
}

/**
 * Every node below a node, depth first.
 * @param {ts.Node} node
 * @returns {ts.Node[]}
 */
function descendants(node) {
  /** @type {ts.Node[]} */
  const nodes = [];
  /** @param {ts.Node} child */
  const visit = (child) => {
    nodes.push(child);
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return nodes;
}

/**
 * String elements of an array literal.
 * @param {ts.Node | undefined} node
 * @returns {string[] | null}
 */
function stringArray(node) {
  if (!node || !ts.isArrayLiteralExpression(node) || !node.elements.every(ts.isStringLiteralLike)) return null;
  return node.elements.map((element) => /** @type {ts.StringLiteralLike} */ (element).text);
}

/**
 * `x.category === 'Name'` (either side), giving the name.
 * @param {ts.Node} node
 * @param {string} property
 * @returns {string | null}
 */
function comparedString(node, property) {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken) return null;
  const [left, right] = [node.left, node.right];
  const isProperty = (/** @type {ts.Expression} */ side) =>
    (ts.isPropertyAccessExpression(side) && side.name.text === property) ||
    (ts.isElementAccessExpression(side) &&
      ts.isStringLiteralLike(side.argumentExpression) &&
      side.argumentExpression.text === property);
  if (isProperty(left) && ts.isStringLiteralLike(right)) return right.text;
  if (isProperty(right) && ts.isStringLiteralLike(left)) return left.text;
  return null;
}

/**
 * Whether a statement (or block) returns `value` or an object literal whose `key` is `value`.
 * @param {ts.Statement} statement
 * @param {boolean} value
 * @param {string} [key]
 */
function returns(statement, value, key) {
  const statements = ts.isBlock(statement) ? statement.statements : [statement];
  return statements.some((item) => {
    if (!ts.isReturnStatement(item) || !item.expression) return false;
    const expression = item.expression;
    const literal = (/** @type {ts.Expression} */ node) =>
      node.kind === (value ? ts.SyntaxKind.TrueKeyword : ts.SyntaxKind.FalseKeyword);
    if (!key) return literal(expression);
    return (
      ts.isObjectLiteralExpression(expression) &&
      expression.properties.some(
        (property) =>
          ts.isPropertyAssignment(property) && property.name.getText() === key && literal(property.initializer),
      )
    );
  });
}

/**
 * The streaming rules.
 * @param {Program} program
 * @param {string[]} files
 */
function streamingFacts(program, files) {
  const {validator, prediction, endpoint} = streamingFiles;
  const validate = topLevelFunction(program, files, validator.file, validator.function);
  /** @type {Record<string, {rule: string, names: string[], always?: string[]}>} */
  const endingNodes = {};
  /** @type {Record<string, string[]>} */
  const chatModelsWithoutStreamingInput = {};
  let outputParserPreventsStreaming = false;
  if (validate?.body) {
    const nodes = descendants(validate.body);
    // Arrays declared in the function, by variable name.
    /** @type {Map<string, string[]>} */
    const arrays = new Map();
    for (const node of nodes) {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        const list = stringArray(node.initializer);
        if (list) arrays.set(node.name.text, list);
        const init = node.initializer;
        if (init && ts.isObjectLiteralExpression(init)) {
          const entries = init.properties.map((property) =>
            ts.isPropertyAssignment(property)
              ? [property.name.getText().replace(/^['"]|['"]$/g, ''), stringArray(property.initializer)]
              : [null, null],
          );
          // The map of category → model names that the code uses when a model has no `streaming` input.
          const usedByCategory = nodes.some(
            (other) =>
              ts.isElementAccessExpression(other) &&
              ts.isIdentifier(other.expression) &&
              other.expression.text === /** @type {ts.Identifier} */ (node.name).text,
          );
          if (usedByCategory && entries.every(([key, list]) => key && list)) {
            for (const [key, list] of entries)
              chatModelsWithoutStreamingInput[/** @type {string} */ (key)] = /** @type {string[]} */ (list);
          }
        }
      }
    }
    // The if/else-if chain on the ending node's category.
    for (const node of nodes) {
      if (!ts.isIfStatement(node)) continue;
      const category = comparedString(node.expression, 'category');
      if (!category) continue;
      const branch = descendants(node.thenStatement);
      /** @type {{rule: string, names: string[], always?: string[]} | null} */
      let fact = null;
      for (const inner of branch) {
        if (
          !ts.isCallExpression(inner) ||
          !ts.isPropertyAccessExpression(inner.expression) ||
          inner.expression.name.text !== 'includes'
        )
          continue;
        const target = inner.expression.expression;
        const list = ts.isIdentifier(target) ? arrays.get(target.text) : stringArray(target);
        const argument = inner.arguments[0];
        if (!list || !argument || !ts.isPropertyAccessExpression(argument) || argument.name.text !== 'name') continue;
        const negated =
          ts.isPrefixUnaryExpression(inner.parent) && inner.parent.operator === ts.SyntaxKind.ExclamationToken;
        fact = {rule: negated ? 'allExcept' : 'only', names: list};
      }
      if (!fact) continue;
      const always = branch
        .filter(ts.isIfStatement)
        .map((inner) => ({name: comparedString(inner.expression, 'name'), inner}))
        .filter(({name, inner}) => name && returns(inner.thenStatement, true))
        .map(({name}) => /** @type {string} */ (name));
      if (always.length) fact.always = always;
      endingNodes[category] = fact;
    }
    // An output parser anywhere in the flow: `category.includes('Output Parser')` sets a flag the result negates.
    for (const node of nodes) {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'includes' &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0]) &&
        /Output Parser/.test(node.arguments[0].text)
      ) {
        const ifStatement = ancestor(node, ts.isIfStatement);
        const flag =
          ifStatement &&
          descendants(ifStatement.thenStatement).find(
            (inner) =>
              ts.isBinaryExpression(inner) &&
              inner.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
              ts.isIdentifier(inner.left) &&
              inner.right.kind === ts.SyntaxKind.TrueKeyword,
          );
        const flagName = flag && /** @type {ts.Identifier} */ (/** @type {ts.BinaryExpression} */ (flag).left).text;
        outputParserPreventsStreaming =
          !!flagName &&
          nodes.some(
            (inner) =>
              ts.isReturnStatement(inner) &&
              !!inner.expression &&
              descendants(inner.expression).some(
                (part) =>
                  ts.isPrefixUnaryExpression(part) &&
                  part.operator === ts.SyntaxKind.ExclamationToken &&
                  ts.isIdentifier(part.operand) &&
                  part.operand.text === flagName,
              ),
          );
      }
    }
  }

  const predict = topLevelFunction(program, files, prediction.file, prediction.function);
  const service = topLevelFunction(program, files, endpoint.file, endpoint.function);
  const customFunctionEndingNodePreventsStreaming = [predict, service].some(
    (fn) => fn?.body && endingNodeCheckReturnsFalse(fn.body),
  );
  /** @type {string[]} */
  const alwaysStreamingCategories = [];
  /** @type {string[]} */
  const alwaysStreamingFlowTypes = [];
  let postProcessingPreventsStreaming = false;
  if (service?.body) {
    for (const node of descendants(service.body)) {
      if (!ts.isIfStatement(node)) continue;
      const parts = [node.expression, ...descendants(node.expression)];
      if (returns(node.thenStatement, true, 'isStreaming')) {
        for (const part of parts) {
          const category = comparedString(part, 'category');
          if (category && !alwaysStreamingCategories.includes(category)) alwaysStreamingCategories.push(category);
          const type = comparedString(part, 'type');
          if (type && !alwaysStreamingFlowTypes.includes(type)) alwaysStreamingFlowTypes.push(type);
        }
      }
      if (
        returns(node.thenStatement, false, 'isStreaming') &&
        parts.some((part) => ts.isPropertyAccessExpression(part) && part.name.text === 'postProcessing')
      ) {
        postProcessingPreventsStreaming = true;
      }
    }
  }
  return {
    file: validator.file,
    function: validator.function,
    endingNodes,
    chatModelsWithoutStreamingInput,
    outputParserPreventsStreaming,
    customFunctionEndingNodePreventsStreaming,
    alwaysStreamingCategories,
    alwaysStreamingFlowTypes,
    postProcessingPreventsStreaming,
  };
}

/**
 * Whether a function returns false (or `{isStreaming: false}`) when an ending node's output is `'EndingNode'`
 * (a Custom Function used as the ending node).
 * @param {ts.Node} body
 */
function endingNodeCheckReturnsFalse(body) {
  const nodes = descendants(body);
  /** @type {Set<string>} */
  const flags = new Set();
  for (const node of nodes) {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      descendants(node.initializer).some((part) => comparedString(part, 'output') === 'EndingNode')
    ) {
      flags.add(node.name.text);
    }
  }
  return nodes.some(
    (node) =>
      ts.isIfStatement(node) &&
      ts.isIdentifier(node.expression) &&
      flags.has(node.expression.text) &&
      (returns(node.thenStatement, false) || returns(node.thenStatement, false, 'isStreaming')),
  );
}

/**
 * The nearest ancestor of a kind.
 * @template {ts.Node} T
 * @param {ts.Node} node
 * @param {(node: ts.Node) => node is T} test
 * @returns {T | undefined}
 */
function ancestor(node, test) {
  for (let current = node.parent; current; current = current.parent) if (test(current)) return current;
  return undefined;
}

/**
 * The statuses each route's controller function (and what it calls) names.
 * @param {Program} program
 * @param {string[]} files
 * @param {Array<{method: string, path: string, file: string, handler: string}>} routes
 */
function routeErrors(program, files, routes) {
  /** @type {Array<{method: string, path: string, handler: string, statuses: number[], from: string[]}>} */
  const result = [];
  for (const route of routes) {
    const match = /^(\w+)\.(\w+)$/.exec(route.handler);
    if (!match || !files.includes(route.file)) continue;
    const target = resolveMember(program, route.file, match[1], match[2]);
    if (!target) continue;
    /** @type {Set<number>} */
    const statuses = new Set();
    /** @type {string[]} */
    const from = [];
    /** @type {Set<ts.Node>} */
    const seen = new Set();
    /** @type {Array<{fn: ts.FunctionLikeDeclaration, file: string, depth: number}>} */
    const queue = [{...target, depth: 0}];
    while (queue.length) {
      const {fn, file, depth} = /** @type {{fn: ts.FunctionLikeDeclaration, file: string, depth: number}} */ (
        queue.shift()
      );
      if (seen.has(fn)) continue;
      seen.add(fn);
      if (!from.includes(file)) from.push(file);
      for (const node of fn.body ? descendants(fn.body) : []) {
        if (
          ts.isNewExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'InternalFlowiseError'
        ) {
          const status = statusValue(node.arguments?.[0]);
          if (status !== null) statuses.add(status);
        } else if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ['status', 'sendStatus'].includes(node.expression.name.text) &&
          ts.isIdentifier(node.expression.expression) &&
          ['res', 'response'].includes(node.expression.expression.text)
        ) {
          const status = statusValue(node.arguments[0]);
          if (status !== null) statuses.add(status);
        } else if (ts.isCallExpression(node) && depth < routeErrorsDepth) {
          const callee = node.expression;
          const next = ts.isIdentifier(callee)
            ? resolveFunction(program, file, callee.text)
            : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
              ? resolveMember(program, file, callee.expression.text, callee.name.text)
              : null;
          if (next && !seen.has(next.fn)) queue.push({...next, depth: depth + 1});
        }
      }
    }
    result.push({
      method: route.method,
      path: route.path,
      handler: route.handler,
      statuses: [...statuses].sort((a, b) => a - b),
      from,
    });
  }
  return result.sort((a, b) => compareStrings(a.path, b.path) || compareStrings(a.method, b.method));
}

/**
 * A status argument: a number, `StatusCodes.X`, or `HttpStatus.X`.
 * @param {ts.Expression | undefined} node
 * @returns {number | null}
 */
function statusValue(node) {
  if (!node) return null;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (
    ts.isPropertyAccessExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'StatusCodes'
  ) {
    return statusCodes[node.name.text] ?? null;
  }
  return null;
}

/**
 * A function a name designates in a file: a top-level function there, or one imported from the repository.
 * @param {Program} program
 * @param {string} file
 * @param {string} name
 * @returns {{fn: ts.FunctionLikeDeclaration, file: string} | null}
 */
function resolveFunction(program, file, name) {
  const module = program.module(file);
  const declaration = module.declarations.get(name);
  if (!declaration) return null;
  if (declaration.kind === 'function') return {fn: declaration.node, file};
  if (declaration.kind === 'var') {
    const init = declaration.node.initializer;
    return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? {fn: init, file} : null;
  }
  if (declaration.kind !== 'import') return null;
  const target = program.resolve(file, declaration.specifier);
  if (!target) return null;
  const origin = program.module(target).exportOrigin(declaration.exportName, new Set());
  if (!origin || !('file' in origin)) return null;
  const targetModule = program.module(origin.file);
  const local = targetModule.exportNames.get(declaration.exportName) ?? declaration.exportName;
  if (local === declaration.exportName || targetModule.declarations.has(local))
    return resolveFunction(program, origin.file, local);
  return null;
}

/**
 * `object.member` where `object` is a module's default export object (`export default {getX, …}`) or a namespace.
 * @param {Program} program
 * @param {string} file
 * @param {string} objectName
 * @param {string} member
 * @returns {{fn: ts.FunctionLikeDeclaration, file: string} | null}
 */
function resolveMember(program, file, objectName, member) {
  const declaration = program.module(file).declarations.get(objectName);
  if (!declaration || declaration.kind !== 'import') return null;
  const target = program.resolve(file, declaration.specifier);
  if (!target) return null;
  const module = program.module(target);
  if (declaration.exportName === '*') return resolveFunction(program, target, member);
  for (const statement of module.sourceFile.statements) {
    if (!ts.isExportAssignment(statement) || !ts.isObjectLiteralExpression(statement.expression)) continue;
    for (const property of statement.expression.properties) {
      if (ts.isShorthandPropertyAssignment(property) && property.name.text === member)
        return resolveFunction(program, target, member);
      if (
        ts.isPropertyAssignment(property) &&
        property.name.getText() === member &&
        ts.isIdentifier(property.initializer)
      ) {
        return resolveFunction(program, target, property.initializer.text);
      }
    }
  }
  return null;
}

/**
 * @typedef {object} IncompatibilityClaim
 * @property {string} node the node's name
 * @property {string} file the node's source file
 * @property {string} clientPackage the vendor client package the node builds its client with
 * @property {string} integrationPackage the LangChain integration the node passes that client to
 * @property {string} integrationClientPackage the client package the integration depends on instead
 * @property {string} reason why they cannot work together (reviewed)
 */

/**
 * Verifies reviewed incompatibility claims against the source and the lock file: the node file imports both
 * packages, declares the named node, and the lock file's entry for the integration depends on
 * `integrationClientPackage` and not on `clientPackage`.
 * @param {Program} program
 * @param {string[]} files
 * @param {IncompatibilityClaim[]} claims
 * @returns {{verified: object[], stale: Array<{node: string, problems: string[]}>}} the claims whose evidence holds
 *   (with the versions found) and those whose evidence does not (with what failed)
 */
export function verifyIncompatibilities(program, files, claims) {
  const lock = files.includes('pnpm-lock.yaml') ? LockFile.read(program) : null;
  /** @type {object[]} */
  const verified = [];
  /** @type {Array<{node: string, problems: string[]}>} */
  const stale = [];
  for (const claim of claims) {
    /** @type {string[]} */
    const problems = [];
    const imports = files.includes(claim.file) ? npmImports(program, claim.file) : [];
    if (!files.includes(claim.file)) problems.push(`${claim.file} is not in the source`);
    for (const pkg of [claim.clientPackage, claim.integrationPackage]) {
      if (!imports.includes(pkg)) problems.push(`${claim.file} does not import ${pkg}`);
    }
    const importer = importerOf(claim.file);
    const integration = lock?.locked(importer, claim.integrationPackage) ?? null;
    const client = lock?.locked(importer, claim.clientPackage) ?? null;
    const dependencies = integration && lock ? lock.dependencies(integration.key) : {};
    if (!lock) problems.push('pnpm-lock.yaml is not in the source');
    else if (!integration) problems.push(`the lock file pins no ${claim.integrationPackage} for ${importer}`);
    else {
      if (!(claim.integrationClientPackage in dependencies)) {
        problems.push(
          `${claim.integrationPackage}@${integration.version} does not depend on ${claim.integrationClientPackage}`,
        );
      }
      if (claim.clientPackage in dependencies) {
        problems.push(
          `${claim.integrationPackage}@${integration.version} depends on ${claim.clientPackage}, the client the node uses`,
        );
      }
    }
    const nodeName = nodeNameOf(program, claim.file);
    if (nodeName !== null && nodeName !== claim.node)
      problems.push(`${claim.file} declares node ${nodeName}, not ${claim.node}`);
    if (problems.length) {
      stale.push({node: claim.node, problems});
      continue;
    }
    verified.push({
      node: claim.node,
      reason: claim.reason,
      evidence: {
        file: claim.file,
        imports: [claim.clientPackage, claim.integrationPackage],
        lockFile: 'pnpm-lock.yaml',
        importer,
        locked: {
          [claim.clientPackage]: client?.version ?? null,
          [claim.integrationPackage]: integration?.version ?? null,
        },
        integrationDependsOn: {
          [claim.integrationClientPackage]: baseVersion(String(dependencies[claim.integrationClientPackage])),
        },
      },
    });
  }
  return {verified, stale};
}

/**
 * The workspace package a file belongs to, as the lock file names importers.
 * @param {string} file
 */
function importerOf(file) {
  const match = /^(packages\/[^/]+)\//.exec(file);
  return match ? match[1] : '.';
}

/**
 * The node name a node file declares (`this.name = '…'` in its class), or null.
 * @param {Program} program
 * @param {string} file
 * @returns {string | null}
 */
function nodeNameOf(program, file) {
  for (const node of descendants(program.module(file).sourceFile)) {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
      node.left.name.text === 'name' &&
      ts.isStringLiteralLike(node.right) &&
      ancestor(node, ts.isConstructorDeclaration)
    ) {
      return node.right.text;
    }
  }
  return null;
}

/**
 * The npm packages a file imports (`import … from`, `require()`), in order.
 * @param {Program} program
 * @param {string} file
 * @returns {string[]}
 */
export function npmImports(program, file) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} specifier */
  const add = (specifier) => {
    if (specifier.startsWith('.') || specifier.startsWith('node:')) return;
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    if (!found.includes(name)) found.push(name);
  };
  for (const node of descendants(program.module(file).sourceFile)) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'require' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text);
    }
  }
  return found;
}

/**
 * `0.2.2(@langchain/core@…)` → `0.2.2`.
 * @param {string} version
 */
function baseVersion(version) {
  return version.replace(/\(.*$/, '');
}

/** The parts of `pnpm-lock.yaml` (lock file version 9) the behaviour facts need. */
export class LockFile {
  /** @param {any} document */
  constructor(document) {
    this.document = document;
  }

  /**
   * Parses the product's lock file, once per program.
   * @param {Program} program
   * @returns {LockFile}
   */
  static read(program) {
    const cache = /** @type {Program & {lockFile?: LockFile}} */ (program);
    cache.lockFile ??= new LockFile(YAML.parse(program.read('pnpm-lock.yaml')));
    return cache.lockFile;
  }

  /**
   * The version an importer (`packages/components`) resolves a dependency to.
   * @param {string} importer
   * @param {string} name
   * @returns {{version: string, key: string} | null}
   */
  locked(importer, name) {
    const entry = this.document?.importers?.[importer];
    for (const group of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      const dependency = entry?.[group]?.[name];
      if (dependency) return {version: baseVersion(String(dependency.version)), key: `${name}@${dependency.version}`};
    }
    return null;
  }

  /**
   * The dependencies and peer dependencies of a resolved package (`name@version(peers)`).
   * @param {string} key
   * @returns {Record<string, string>}
   */
  dependencies(key) {
    const snapshot = this.document?.snapshots?.[key] ?? {};
    const name = key.replace(/^(@?[^@]+)@.*$/, '$1');
    const packageKey = `${name}@${baseVersion(key.slice(name.length + 1))}`;
    const pkg = this.document?.packages?.[packageKey] ?? {};
    return {
      ...(pkg.peerDependencies ?? {}),
      ...(snapshot.dependencies ?? {}),
      ...(snapshot.optionalDependencies ?? {}),
    };
  }
}
