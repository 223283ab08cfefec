// @ts-check
/**
 * `api-routes.json`: every HTTP route of the product's server, read from the syntax trees of
 * `packages/server/src`.
 *
 * The app (`packages/server/src/index.ts`) mounts routers with `this.app.use('/api/v1', router)`; a router file
 * (one that creates `express.Router()`) mounts others with `router.use('/x', xRouter)` and declares routes with
 * `router.get/post/put/patch/delete/head(path | [paths], ...middlewares, handler)`. Routes declared on the app
 * itself (`this.app.get(path, …)`, or `this.app.use(path, handler)` with a handler that is not a router) anywhere in
 * `packages/server/src` are routes of the app (`mountedVia: ["app"]`). A route inside an `if`/`switch` is
 * `conditional`, with the environment variables its conditions read. Whether the server lets a route through
 * without an API key comes from the `WHITELIST_URLS` constant: the server tests `req.path.startsWith(entry)`.
 */
import path from 'node:path';
import ts from 'typescript';
import {compareStrings} from './normalize.mjs';
/** @typedef {import('./ts-eval.mjs').Program} Program */

/** Where the server's app is created and the API router mounted. */
export const serverIndexFile = 'packages/server/src/index.ts';
/** The file of `WHITELIST_URLS`. */
export const whitelistFile = 'packages/server/src/utils/constants.ts';
const serverSourceRoot = 'packages/server/src/';
const httpMethods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all'];

/**
 * @typedef {object} Route
 * @property {string} method
 * @property {string} path
 * @property {string} declared
 * @property {string} file
 * @property {string[]} mountedVia
 * @property {string} [ability]
 * @property {string} handler
 * @property {boolean} [middlewareMount]
 * @property {boolean} [conditional]
 * @property {string[]} [conditionEnv]
 * @property {number} [declaredTimes]
 * @property {boolean} whitelisted
 * @property {string[]} [whitelistedBy]
 * @property {string[]} [whitelistedWithTrailingSlash]
 */

/**
 * @typedef {{path: string, router: string | null, emptyRouter?: true, declaredIn: string}} Mount
 * @typedef {string | {env: string, default: string | null}} WhitelistEntry
 */

/**
 * Extracts the routes of a source tree.
 * @param {Program} program
 * @param {string[]} files the repository's files (sorted)
 * @returns {{counts: {routes: number, whitelisted: number, routers: number}, apiPrefix: string | null,
 *   mounts: Mount[], whitelist: {file: string, constant: string, entries: WhitelistEntry[]}, routes: Route[],
 *   notes: string[]}}
 */
export function extractRoutes(program, files) {
  /** @type {Mount[]} */
  const mounts = [];
  /** @type {Route[]} */
  const declared = [];
  /** @type {string | null} */
  let apiPrefix = null;

  /**
   * Walks a router file: its mounts (recursively) and its routes.
   * @param {string} file
   * @param {string} prefix the full path it is mounted at
   * @param {string[]} via the router files from the app down to this one
   */
  const walkRouter = (file, prefix, via) => {
    const sourceFile = program.module(file).sourceFile;
    const routerNames = routerVariables(sourceFile);
    for (const {call, method, conditions} of calls(sourceFile)) {
      const target = call.expression;
      if (!ts.isPropertyAccessExpression(target) || !ts.isIdentifier(target.expression)) continue;
      if (!routerNames.has(target.expression.text)) continue;
      const [first, ...rest] = call.arguments;
      if (!first) continue;
      if (method === 'use') {
        const mountPath = stringValue(first);
        if (mountPath === null) continue;
        const full = joinPath(prefix, mountPath);
        const routerArgument = rest[rest.length - 1];
        if (routerArgument && isRouterCreation(routerArgument)) {
          mounts.push({path: full, router: null, emptyRouter: true, declaredIn: file});
          continue;
        }
        const child =
          routerArgument && ts.isIdentifier(routerArgument) ? importedFile(program, file, routerArgument.text) : null;
        if (child) {
          mounts.push({path: full, router: child, declaredIn: file});
          walkRouter(child, full, [...via, child]);
        }
        continue;
      }
      for (const declaredPath of pathValues(first)) {
        declared.push(
          routeOf(method.toUpperCase(), joinPath(prefix, declaredPath), declaredPath, file, via, rest, conditions),
        );
      }
    }
  };

  // The app's mounts and routes, in every file of the server's source.
  for (const file of files) {
    if (!file.startsWith(serverSourceRoot) || !/\.ts$/.test(file) || file.endsWith('.d.ts')) continue;
    if (!program.read(file).includes('app.')) continue;
    const sourceFile = program.module(file).sourceFile;
    for (const {call, method, conditions} of calls(sourceFile)) {
      const target = call.expression;
      if (!ts.isPropertyAccessExpression(target) || !isAppExpression(target.expression)) continue;
      const [first, ...rest] = call.arguments;
      const routePath = first ? stringValue(first) : null;
      if (routePath === null || !rest.length) continue;
      const last = rest[rest.length - 1];
      if (method === 'use') {
        const router = ts.isIdentifier(last) ? importedFile(program, file, last.text) : null;
        if (router) {
          if (apiPrefix === null) apiPrefix = routePath;
          mounts.push({path: joinPath('', routePath), router, declaredIn: file});
          walkRouter(router, joinPath('', routePath), [router]);
          continue;
        }
        declared.push({
          ...routeOf('USE', joinPath('', routePath), routePath, file, ['app'], rest, conditions),
          middlewareMount: true,
        });
        continue;
      }
      declared.push(routeOf(method.toUpperCase(), joinPath('', routePath), routePath, file, ['app'], rest, conditions));
    }
  }

  const whitelist = whitelistEntries(program, files);
  const routes = mergeDeclarations(declared).map((route) => withWhitelist(route, whitelist.entries));
  routes.sort((a, b) => compareStrings(a.path, b.path) || compareStrings(a.method, b.method));
  const sortedMounts = mounts
    .map((mount, index) => ({mount, index}))
    .sort((a, b) => compareStrings(a.mount.path, b.mount.path) || a.index - b.index)
    .map(({mount}) => mount);
  return {
    counts: {
      routes: routes.length,
      whitelisted: routes.filter((route) => route.whitelisted).length,
      routers: sortedMounts.length,
    },
    apiPrefix,
    mounts: sortedMounts,
    whitelist,
    routes,
    notes: [],
  };
}

/**
 * One route declaration.
 * @param {string} method
 * @param {string} fullPath
 * @param {string} declaredPath
 * @param {string} file
 * @param {string[]} via
 * @param {ts.Expression[]} handlers the middlewares and the handler, in order
 * @param {ts.Expression[]} conditions the conditions of the `if`/`switch` statements around the declaration
 * @returns {Route}
 */
function routeOf(method, fullPath, declaredPath, file, via, handlers, conditions) {
  /** @type {Route} */
  const route = {
    method,
    path: fullPath,
    declared: declaredPath,
    file,
    mountedVia: via,
    handler: '',
    whitelisted: false,
  };
  for (const middleware of handlers) {
    if (
      ts.isCallExpression(middleware) &&
      ts.isIdentifier(middleware.expression) &&
      middleware.expression.text === 'enforceAbility' &&
      middleware.arguments[0] &&
      ts.isStringLiteralLike(middleware.arguments[0])
    ) {
      route.ability = middleware.arguments[0].text;
      break;
    }
  }
  const last = handlers[handlers.length - 1];
  route.handler =
    !last || ts.isArrowFunction(last) || ts.isFunctionExpression(last)
      ? '(inline function)'
      : last.getText().replace(/\s+/g, ' ');
  if (conditions.length) {
    route.conditional = true;
    route.conditionEnv = envNames(conditions);
  }
  return route;
}

/**
 * Routes declared more than once for the same method and path are one route: the first declaration, with
 * `declaredTimes`; it is conditional if any declaration is.
 * @param {Route[]} declared
 * @returns {Route[]}
 */
function mergeDeclarations(declared) {
  /** @type {Map<string, Route>} */
  const byKey = new Map();
  /** @type {Map<string, number>} */
  const times = new Map();
  for (const route of declared) {
    const key = `${route.method} ${route.path}`;
    times.set(key, (times.get(key) ?? 0) + 1);
    const first = byKey.get(key);
    if (!first) {
      byKey.set(key, {...route});
      continue;
    }
    if (route.conditional && !first.conditional) {
      first.conditional = true;
      first.conditionEnv = route.conditionEnv;
    }
  }
  return [...byKey].map(([key, route]) => {
    const count = times.get(key) ?? 1;
    /** @type {Route} */
    const ordered = {
      method: route.method,
      path: route.path,
      declared: route.declared,
      file: route.file,
      mountedVia: route.mountedVia,
      ...(route.ability !== undefined ? {ability: route.ability} : {}),
      handler: route.handler,
      ...(route.middlewareMount ? {middlewareMount: true} : {}),
      ...(route.conditional ? {conditional: true, conditionEnv: route.conditionEnv} : {}),
      ...(count > 1 ? {declaredTimes: count} : {}),
      whitelisted: false,
    };
    return ordered;
  });
}

/**
 * Adds `whitelisted`, `whitelistedBy` and `whitelistedWithTrailingSlash` to a route.
 * @param {Route} route
 * @param {WhitelistEntry[]} entries
 * @returns {Route}
 */
function withWhitelist(route, entries) {
  const prefixes = [
    ...new Set(
      entries
        .map((entry) => (typeof entry === 'string' ? entry : entry.default))
        .filter(/** @returns {entry is string} */ (entry) => typeof entry === 'string'),
    ),
  ];
  const by = prefixes.filter((prefix) => route.path.startsWith(prefix));
  const result = {...route, whitelisted: by.length > 0};
  if (by.length) return {...result, whitelistedBy: by};
  const withSlash = prefixes.filter((prefix) => `${route.path}/`.startsWith(prefix));
  return withSlash.length ? {...result, whitelistedWithTrailingSlash: withSlash} : result;
}

/**
 * The entries of `WHITELIST_URLS`: strings, or `{env, default}` for `process.env.X ?? '…'`.
 * @param {Program} program
 * @param {string[]} files
 */
export function whitelistEntries(program, files) {
  /** @type {WhitelistEntry[]} */
  const entries = [];
  const result = {file: whitelistFile, constant: 'WHITELIST_URLS', entries};
  if (!files.includes(whitelistFile)) return result;
  const declaration = program.module(whitelistFile).declarations.get('WHITELIST_URLS');
  if (!declaration || declaration.kind !== 'var') return result;
  const initializer = declaration.node.initializer;
  if (!initializer || !ts.isArrayLiteralExpression(initializer)) return result;
  for (const element of initializer.elements) {
    if (ts.isStringLiteralLike(element)) entries.push(element.text);
    else if (ts.isBinaryExpression(element)) {
      const env = envNames([element.left]);
      entries.push({env: env[0] ?? element.left.getText(), default: stringValue(element.right)});
    } else entries.push({env: element.getText(), default: null});
  }
  return result;
}

/**
 * Every call `x.method(...)` in a file with the conditions of the `if`/`switch`/`?:` statements around it.
 * @param {ts.SourceFile} sourceFile
 * @returns {{call: ts.CallExpression, method: string, conditions: ts.Expression[]}[]}
 */
function calls(sourceFile) {
  /** @type {{call: ts.CallExpression, method: string, conditions: ts.Expression[]}[]} */
  const found = [];
  /**
   * @param {ts.Node} node
   * @param {ts.Expression[]} conditions
   */
  const visit = (node, conditions) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (method === 'use' || httpMethods.includes(method)) found.push({call: node, method, conditions});
    }
    if (ts.isIfStatement(node)) {
      visit(node.expression, conditions);
      visit(node.thenStatement, [...conditions, node.expression]);
      if (node.elseStatement) visit(node.elseStatement, [...conditions, node.expression]);
      return;
    }
    if (ts.isSwitchStatement(node)) {
      visit(node.expression, conditions);
      for (const clause of node.caseBlock.clauses) {
        const inner = [...conditions, node.expression, ...(ts.isCaseClause(clause) ? [clause.expression] : [])];
        clause.statements.forEach((statement) => visit(statement, inner));
      }
      return;
    }
    ts.forEachChild(node, (child) => visit(child, conditions));
  };
  visit(sourceFile, []);
  return found;
}

/**
 * The environment variables some expressions read (`process.env.X`, `process.env['X']`), sorted.
 * @param {ts.Node[]} nodes
 * @returns {string[]}
 */
function envNames(nodes) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
      node.expression.getText() === 'process.env'
    ) {
      if (ts.isPropertyAccessExpression(node)) names.add(node.name.text);
      else if (ts.isStringLiteralLike(node.argumentExpression)) names.add(node.argumentExpression.text);
    }
    ts.forEachChild(node, visit);
  };
  nodes.forEach(visit);
  return [...names].sort(compareStrings);
}

/**
 * The names of a file's variables that hold an Express router (`const router = express.Router()`).
 * @param {ts.SourceFile} sourceFile
 * @returns {Set<string>}
 */
function routerVariables(sourceFile) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isRouterCreation(node.initializer)
    ) {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/**
 * `express.Router()` or `Router()`.
 * @param {ts.Expression} node
 */
function isRouterCreation(node) {
  return (
    ts.isCallExpression(node) &&
    ((ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'Router') ||
      (ts.isIdentifier(node.expression) && node.expression.text === 'Router'))
  );
}

/**
 * `this.app` or `app`.
 * @param {ts.Expression} node
 */
function isAppExpression(node) {
  return (
    (ts.isPropertyAccessExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ThisKeyword &&
      node.name.text === 'app') ||
    (ts.isIdentifier(node) && node.text === 'app')
  );
}

/**
 * The repository file a name is imported from, if it is.
 * @param {Program} program
 * @param {string} file
 * @param {string} name
 * @returns {string | null}
 */
function importedFile(program, file, name) {
  const declaration = program.module(file).declarations.get(name);
  if (!declaration || declaration.kind !== 'import') return null;
  return program.resolve(file, declaration.specifier);
}

/**
 * A string literal's text, or null.
 * @param {ts.Expression} node
 */
function stringValue(node) {
  return ts.isStringLiteralLike(node) ? node.text : null;
}

/**
 * The paths of a route declaration: a string or an array of strings.
 * @param {ts.Expression} node
 * @returns {string[]}
 */
function pathValues(node) {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node))
    return node.elements.filter(ts.isStringLiteralLike).map((element) => element.text);
  return [];
}

/**
 * Joins a mount prefix and a declared path: one `/` between segments, no trailing `/`.
 * @param {string} prefix
 * @param {string} declared
 */
export function joinPath(prefix, declared) {
  const joined = path.posix.join('/', prefix, declared).replace(/\/+$/, '');
  return joined === '' ? '/' : joined;
}
