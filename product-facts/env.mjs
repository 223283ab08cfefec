// @ts-check
/**
 * `env.json`: the environment variables the product's code reads and writes, the server's command-line flags,
 * and the `.env` templates, Dockerfiles and compose files of the repository (names only, never values).
 *
 * Code is read from the syntax trees of every source file under `packages/server` and `packages/components`
 * (comments are not code, so a variable named only in a comment is not read): `process.env.X`,
 * `process.env['X']` (also through a local variable assigned only literals, or a `?:` of literals),
 * `const {X} = process.env`, `process.env.X = …` (a write; `??=`/`||=` read and write), and calls of helpers that
 * return `process.env[param]` (found in the repository, plus `getEnvironmentVariable` of
 * `@langchain/core/utils/env`). `.env` files, Dockerfiles and compose files are read as text and YAML.
 */
import path from 'node:path';
import ts from 'typescript';
import YAML from 'yaml';
import {compareStrings} from './normalize.mjs';
/** @typedef {import('./ts-eval.mjs').Program} Program */

/** The folders whose code is scanned. */
export const scannedRoots = ['packages/server', 'packages/components'];

/** Files only tests use. */
export const testFilePattern =
  /(^|\/)(test|tests|__tests__|__mocks__|cypress)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)(jest|cypress)\.config\.[cm]?[jt]s$/;

/** The server's oclif base command, whose flags are copied into `process.env`. */
export const cliFlagsFile = 'packages/server/src/commands/base.ts';

/** Helpers of npm packages that return `process.env[param]`. */
const externalHelpers = [{name: 'getEnvironmentVariable', module: '@langchain/core/utils/env', param: 0}];

const sourceExtension = /\.[cm]?[jt]sx?$/;

/**
 * The order of variable names in the facts: ICU's English collation (`_` before digits before letters), with an
 * explicit locale so that it does not depend on the machine's.
 */
export const compareNames = new Intl.Collator('en').compare;

/**
 * @typedef {{name: string, file?: string, module?: string, param: number}} Helper
 * @typedef {{name: string, readIn: string[], writtenIn?: string[], readVia?: string[], packages: string[],
 *   testOnly?: true, writeOnly?: true}} Variable
 */

/**
 * Extracts the environment facts of a source tree.
 * @param {Program} program
 * @param {string[]} files the repository's files (sorted)
 */
export function extractEnv(program, files) {
  const codeFiles = files.filter(
    (file) =>
      scannedRoots.some((root) => file.startsWith(`${root}/`)) && sourceExtension.test(file) && !file.endsWith('.d.ts'),
  );
  const helpers = findHelpers(program, codeFiles);
  /** @type {Map<string, {read: Set<string>, written: Set<string>, via: Set<string>}>} */
  const variables = new Map();
  /** @type {{file: string, key: string}[]} */
  const dynamicReads = [];
  /** @param {string} name */
  const entry = (name) => {
    let found = variables.get(name);
    if (!found) {
      found = {read: new Set(), written: new Set(), via: new Set()};
      variables.set(name, found);
    }
    return found;
  };
  let externalHelperUsed = false;
  for (const file of codeFiles) {
    const text = program.read(file);
    if (!text.includes('process') && !text.includes('getEnvironmentVariable')) continue;
    const module = program.module(file);
    const result = scanFile(module.sourceFile, file, helpers, program);
    for (const name of result.reads) entry(name).read.add(file);
    for (const name of result.writes) entry(name).written.add(file);
    for (const [name, helper] of result.via) {
      entry(name).read.add(file);
      entry(name).via.add(helper);
      if (helper.includes('(@')) externalHelperUsed = true;
    }
    dynamicReads.push(...result.dynamic.map((key) => ({file, key})));
  }
  /** @type {Variable[]} */
  const list = [...variables.keys()].sort(compareNames).map((name) => {
    const item = variables.get(name) ?? {read: new Set(), written: new Set(), via: new Set()};
    const readIn = [...item.read].sort(compareStrings);
    const writtenIn = [...item.written].sort(compareStrings);
    const all = [...readIn, ...writtenIn];
    const variable = /** @type {Variable} */ ({name, readIn});
    if (writtenIn.length) variable.writtenIn = writtenIn;
    if (item.via.size) variable.readVia = [...item.via].sort(compareStrings);
    variable.packages = scannedRoots
      .filter((root) => all.some((file) => file.startsWith(`${root}/`)))
      .sort(compareStrings);
    if (readIn.length && readIn.every((file) => testFilePattern.test(file))) variable.testOnly = true;
    if (!readIn.length) variable.writeOnly = true;
    return variable;
  });
  const envFiles = files
    .filter(isEnvFile)
    .map((file) => ({path: file, variables: envFileVariables(program.read(file))}));
  const dockerfiles = files.filter(isDockerfile).map((file) => dockerfileFacts(file, program.read(file)));
  const compose = files.filter(isComposeFile).map((file) => composeFacts(file, program.read(file)));
  return {
    counts: {
      variablesReadInCode: list.filter((variable) => variable.readIn.length).length,
      variablesInCode: list.length,
      envFiles: envFiles.length,
      dockerfiles: dockerfiles.length,
      composeFiles: compose.length,
    },
    code: {
      scannedRoots,
      testFilePattern: String(testFilePattern),
      variables: list,
      helpers: [
        ...helpers.map((helper) => ({name: helper.name, file: helper.file, param: helper.param})),
        ...(externalHelperUsed ? externalHelpers : []),
      ],
      dynamicReads: dynamicReads.sort((a, b) => compareStrings(a.file, b.file)),
    },
    cliFlags: {file: cliFlagsFile, flags: files.includes(cliFlagsFile) ? cliFlags(program) : []},
    envFiles,
    dockerfiles,
    compose,
  };
}

/**
 * `process.env` as an expression (also `process?.env`).
 * @param {ts.Node} node
 */
function isProcessEnv(node) {
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'env' &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'process'
  );
}

/**
 * Repository functions that return `process.env[param]` (`getEnvironmentVariable` in `packages/components/src/utils.ts`).
 * @param {Program} program
 * @param {string[]} codeFiles
 * @returns {(Helper & {file: string})[]}
 */
function findHelpers(program, codeFiles) {
  /** @type {(Helper & {file: string})[]} */
  const helpers = [];
  for (const file of codeFiles) {
    if (testFilePattern.test(file) || !program.read(file).includes('process.env')) continue;
    const sourceFile = program.module(file).sourceFile;
    for (const statement of sourceFile.statements) {
      /** @type {{name: string, fn: ts.FunctionLikeDeclaration}[]} */
      const functions = [];
      if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
        functions.push({name: statement.name.text, fn: statement});
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          const init = declaration.initializer;
          if (
            ts.isIdentifier(declaration.name) &&
            init &&
            (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
          ) {
            functions.push({name: declaration.name.text, fn: init});
          }
        }
      }
      for (const {name, fn} of functions) {
        const params = fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : ''));
        /** @type {number | undefined} */
        let param;
        /** @param {ts.Node} node */
        const visit = (node) => {
          if (ts.isReturnStatement(node) || (ts.isArrowFunction(fn) && node === fn.body)) {
            /** @param {ts.Node} inner */
            const find = (inner) => {
              if (
                ts.isElementAccessExpression(inner) &&
                isProcessEnv(inner.expression) &&
                ts.isIdentifier(inner.argumentExpression)
              ) {
                const index = params.indexOf(inner.argumentExpression.text);
                if (index >= 0) param = index;
              }
              ts.forEachChild(inner, find);
            };
            find(node);
          }
          ts.forEachChild(node, visit);
        };
        visit(fn);
        if (param !== undefined) helpers.push({name, file, param});
      }
    }
  }
  return helpers;
}

/**
 * The reads, writes, helper reads and dynamic reads of one file.
 * @param {ts.SourceFile} sourceFile
 * @param {string} file
 * @param {(Helper & {file: string})[]} helpers
 * @param {Program} program
 */
function scanFile(sourceFile, file, helpers, program) {
  /** @type {Set<string>} */
  const reads = new Set();
  /** @type {Set<string>} */
  const writes = new Set();
  /** @type {Map<string, string>} */
  const via = new Map();
  /** @type {string[]} */
  const dynamic = [];
  const module = program.module(file);

  /**
   * The helper a callee names, if it is one.
   * @param {ts.Expression} callee
   * @returns {Helper | undefined}
   */
  const helperOf = (callee) => {
    if (!ts.isIdentifier(callee)) return undefined;
    const local = helpers.find((helper) => helper.file === file && helper.name === callee.text);
    if (local && module.declarations.get(callee.text)?.kind !== 'import') return local;
    const declaration = module.declarations.get(callee.text);
    if (!declaration || declaration.kind !== 'import') return undefined;
    const target = program.resolve(file, declaration.specifier);
    if (!target) {
      return externalHelpers.find(
        (helper) => helper.module === declaration.specifier && helper.name === declaration.exportName,
      );
    }
    const origin = program.module(target).exportOrigin(declaration.exportName, new Set());
    if (!origin || !('file' in origin)) return undefined;
    return helpers.find((helper) => helper.file === origin.file && helper.name === declaration.exportName);
  };

  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isPropertyAccessExpression(node) && isProcessEnv(node.expression)) {
      const name = node.name.text;
      const parent = node.parent;
      if (ts.isBinaryExpression(parent) && parent.left === node && isAssignment(parent.operatorToken.kind)) {
        writes.add(name);
        if (parent.operatorToken.kind !== ts.SyntaxKind.EqualsToken) reads.add(name);
      } else if (ts.isDeleteExpression(parent)) {
        writes.add(name);
      } else reads.add(name);
    } else if (ts.isElementAccessExpression(node) && isProcessEnv(node.expression)) {
      const names = keyNames(node.argumentExpression, node);
      const parent = node.parent;
      const isWrite = ts.isBinaryExpression(parent) && parent.left === node && isAssignment(parent.operatorToken.kind);
      if (names === 'param') {
        // The body of a helper: its reads are counted where it is called.
      } else if (names) {
        for (const name of names) {
          if (isWrite) {
            writes.add(name);
            if (/** @type {ts.BinaryExpression} */ (parent).operatorToken.kind !== ts.SyntaxKind.EqualsToken)
              reads.add(name);
          } else reads.add(name);
        }
      } else dynamic.push(node.argumentExpression.getText(sourceFile));
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      isProcessEnv(node.initializer) &&
      ts.isObjectBindingPattern(node.name)
    ) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key) || ts.isStringLiteral(key)) reads.add(key.text);
      }
    } else if (ts.isCallExpression(node)) {
      const helper = helperOf(node.expression);
      const argument = helper ? node.arguments[helper.param] : undefined;
      if (helper && argument && ts.isStringLiteralLike(argument)) {
        via.set(argument.text, `${helper.name} (${helper.file ?? helper.module})`);
      }
    }
    ts.forEachChild(node, visit);
  };

  /**
   * The names a `process.env[key]` reads: literals, a `?:` of literals, a local variable assigned only literals;
   * `'param'` for a parameter of the enclosing function (a helper's own body); null when computed at run time.
   * @param {ts.Expression} key
   * @param {ts.Node} at
   * @returns {string[] | 'param' | null}
   */
  const keyNames = (key, at) => {
    if (ts.isStringLiteralLike(key)) return [key.text];
    if (ts.isParenthesizedExpression(key)) return keyNames(key.expression, at);
    if (ts.isConditionalExpression(key)) {
      const a = keyNames(key.whenTrue, at);
      const b = keyNames(key.whenFalse, at);
      return Array.isArray(a) && Array.isArray(b) ? [...a, ...b] : null;
    }
    if (ts.isIdentifier(key)) {
      const fn = enclosingFunction(at);
      if (
        fn &&
        fn.parameters.some((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === key.text)
      ) {
        return 'param';
      }
      return literalAssignments(fn ?? sourceFile, key.text);
    }
    return null;
  };

  visit(sourceFile);
  return {reads, writes, via, dynamic};
}

/**
 * @param {ts.SyntaxKind} kind
 */
function isAssignment(kind) {
  return (
    kind === ts.SyntaxKind.EqualsToken ||
    kind === ts.SyntaxKind.QuestionQuestionEqualsToken ||
    kind === ts.SyntaxKind.BarBarEqualsToken ||
    kind === ts.SyntaxKind.AmpersandAmpersandEqualsToken
  );
}

/**
 * @param {ts.Node} node
 * @returns {ts.FunctionLikeDeclaration | undefined}
 */
function enclosingFunction(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isFunctionLike(current) && 'body' in current) return /** @type {ts.FunctionLikeDeclaration} */ (current);
  }
  return undefined;
}

/**
 * The literal values a variable is declared with and assigned inside a scope, or null if any is not a literal.
 * @param {ts.Node} scope
 * @param {string} name
 * @returns {string[] | null}
 */
function literalAssignments(scope, name) {
  /** @type {string[]} */
  const values = [];
  let literal = true;
  let found = false;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      found = true;
      if (node.initializer) {
        if (ts.isStringLiteralLike(node.initializer)) values.push(node.initializer.text);
        else literal = false;
      }
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      node.left.text === name
    ) {
      found = true;
      if (ts.isStringLiteralLike(node.right)) values.push(node.right.text);
      else literal = false;
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found && literal && values.length ? [...new Set(values)] : null;
}

/**
 * The flag names of the server's oclif base command (`static flags = {X: Flags.string(), …}`).
 * @param {Program} program
 * @returns {string[]}
 */
function cliFlags(program) {
  /** @type {string[]} */
  const flags = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isPropertyDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'flags' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
          flags.push(property.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(program.module(cliFlagsFile).sourceFile);
  return flags;
}

/**
 * `.env*` files and `*.env.template` files.
 * @param {string} file
 */
export function isEnvFile(file) {
  const base = path.posix.basename(file);
  return base.startsWith('.env') || base.endsWith('.env.template');
}

/**
 * The variable names an `.env` file lists, each with whether its line is commented out (values are not copied).
 * @param {string} text
 * @returns {{name: string, commented: boolean}[]}
 */
export function envFileVariables(text) {
  /** @type {{name: string, commented: boolean}[]} */
  const variables = [];
  /** @type {Set<string>} */
  const seen = new Set();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(#\s*)?(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
    if (!match) continue;
    const variable = {name: match[2], commented: Boolean(match[1])};
    const key = `${variable.name} ${variable.commented}`;
    if (seen.has(key)) continue;
    seen.add(key);
    variables.push(variable);
  }
  return variables;
}

/**
 * @param {string} file
 */
export function isDockerfile(file) {
  const base = path.posix.basename(file);
  return base === 'Dockerfile' || base.startsWith('Dockerfile.') || base.endsWith('.Dockerfile');
}

/**
 * The facts of a Dockerfile: base images and stages, exposed ports (with `$VAR` resolved from `ARG`/`ENV`
 * defaults), `ENV` and `ARG` names, working directories.
 * @param {string} file
 * @param {string} text
 */
export function dockerfileFacts(file, text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  /** @type {{image: string, stage?: string}[]} */
  const from = [];
  /** @type {{declared: string, resolved?: string}[]} */
  const expose = [];
  /** @type {string[]} */
  const env = [];
  /** @type {string[]} */
  const arg = [];
  /** @type {string[]} */
  const workdir = [];
  /** @type {Map<string, string>} */
  const defaults = new Map();
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (instruction.toUpperCase()) {
      case 'FROM': {
        const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+as\s+(\S+))?/i.exec(args);
        if (match) from.push(match[2] ? {image: match[1], stage: match[2]} : {image: match[1]});
        break;
      }
      case 'ARG':
      case 'ENV': {
        const pairs = args.includes('=')
          ? [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)].map((m) => [
              m[1],
              m[2].replace(/^["']|["']$/g, ''),
            ])
          : [[args.split(/\s+/)[0], args.split(/\s+/).slice(1).join(' ')]];
        for (const [name, value] of pairs) {
          (instruction.toUpperCase() === 'ARG' ? arg : env).push(name);
          const resolved = value.replace(
            /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g,
            (whole, ref) => defaults.get(ref) ?? whole,
          );
          if (resolved) defaults.set(name, resolved);
        }
        break;
      }
      case 'EXPOSE':
        for (const port of rest) {
          const variable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(port);
          if (variable) {
            const resolved = defaults.get(variable[1]);
            expose.push(resolved ? {declared: port, resolved} : {declared: port});
          } else expose.push({declared: port, resolved: port});
        }
        break;
      case 'WORKDIR':
        workdir.push(args);
        break;
    }
  }
  return {path: file, from, expose, env, arg, workdir};
}

/**
 * @param {string} file
 */
export function isComposeFile(file) {
  const base = path.posix.basename(file);
  return /^(docker-)?compose([.-][\w.-]+)?\.ya?ml$/.test(base) || /^docker-compose.*\.ya?ml$/.test(base);
}

/**
 * The facts of a compose file: each service's image, build, ports as written, environment names, env files and
 * dependencies, and every `${VAR}` the file interpolates.
 * @param {string} file
 * @param {string} text
 */
export function composeFacts(file, text) {
  /** @type {any} */
  const document = YAML.parse(text) ?? {};
  const services = Object.entries(document.services ?? {}).map(([name, raw]) => {
    /** @type {any} */
    const service = raw ?? {};
    /** @type {Record<string, unknown>} */
    const facts = {name};
    if (service.image !== undefined) facts.image = service.image;
    if (service.build !== undefined) {
      facts.build =
        typeof service.build === 'object' && service.build !== null
          ? Object.fromEntries(
              ['context', 'dockerfile', 'target']
                .filter((key) => key in service.build)
                .map((key) => [key, service.build[key]]),
            )
          : service.build;
    }
    if (service.ports !== undefined) facts.ports = service.ports.map(String);
    if (service.environment !== undefined) {
      facts.environment = Array.isArray(service.environment)
        ? service.environment.map((/** @type {unknown} */ item) => String(item).split('=')[0])
        : Object.keys(service.environment);
    }
    if (service.env_file !== undefined) facts.envFile = [service.env_file].flat();
    if (service.depends_on !== undefined) {
      facts.dependsOn = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on);
    }
    return facts;
  });
  // Interpolations in the document's values (not in its comments).
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {unknown} value */
  const visit = (value) => {
    if (typeof value === 'string')
      for (const match of value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(match[1]);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(document);
  const interpolated = [...names].sort(compareStrings);
  return {path: file, services, interpolatedVariables: interpolated};
}
