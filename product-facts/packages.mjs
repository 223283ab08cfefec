// @ts-check
/**
 * `packages.json`: the product's packages (every `package.json`, scripts by name only, never the commands), the
 * pnpm workspace, git submodules, and the embed widget (the `packages/embed` submodule, the
 * `packages/embed-react` package and the embed snippets of `packages/ui`).
 *
 * The embed snippets are the template strings the UI shows (`embed…Code` functions of
 * `packages/ui/src/views/chatflows/EmbedChat.jsx`); each one's own code is parsed with the TypeScript parser for the
 * modules it imports, the functions it calls on them, the custom elements it writes and the props of the React
 * components it renders.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import YAML from 'yaml';
import {compareStrings} from './normalize.mjs';
/** @typedef {import('./ts-eval.mjs').Program} Program */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The UI file that holds the embed snippets. */
export const embedSnippetsFile = 'packages/ui/src/views/chatflows/EmbedChat.jsx';
const embedReactDir = 'packages/embed-react';
const embedDir = 'packages/embed';

/**
 * @typedef {Record<string, unknown>} Fact
 */

/**
 * Extracts the package facts of a source tree.
 * @param {Program} program
 * @param {string[]} files the repository's files (sorted)
 * @param {(path: string) => string | null} gitlink the commit a submodule's gitlink pins, when the source knows
 */
export function extractPackages(program, files, gitlink) {
  const fileSet = new Set(files);
  const workspaceGlobs = fileSet.has('pnpm-workspace.yaml')
    ? /** @type {string[]} */ (YAML.parse(program.read('pnpm-workspace.yaml'))?.packages ?? [])
    : [];
  const packageFiles = files.filter((file) => path.posix.basename(file) === 'package.json');
  const packages = packageFiles.map((file) => packageFact(file, JSON.parse(program.read(file)), workspaceGlobs));
  const submodules = fileSet.has('.gitmodules') ? parseGitmodules(program.read('.gitmodules'), gitlink, fileSet) : [];
  return {
    counts: {packageJsonFiles: packages.length},
    workspace: workspaceFact(
      workspaceGlobs,
      packages.map((pkg) => String(pkg.dir)),
    ),
    packages,
    submodules,
    embed: embedFacts(program, fileSet, packages, submodules),
  };
}

/**
 * The workspace globs and the listed folders (not globs) that have no `package.json`.
 * @param {string[]} globs
 * @param {string[]} packageDirs
 */
export function workspaceFact(globs, packageDirs) {
  return {
    file: 'pnpm-workspace.yaml',
    packages: globs,
    workspaceDirsWithoutPackageJson: globs.filter((glob) => !glob.includes('*') && !packageDirs.includes(glob)),
  };
}

/**
 * @param {string} file
 * @param {any} json
 * @param {string[]} globs
 * @returns {Fact}
 */
function packageFact(file, json, globs) {
  const dir = path.posix.dirname(file);
  /** @type {Fact} */
  const fact = {path: file, dir, name: json.name ?? null, version: json.version ?? null};
  if (json.private !== undefined) fact.private = json.private;
  fact.scripts = Object.keys(json.scripts ?? {});
  if (json.bin !== undefined) fact.bin = typeof json.bin === 'string' ? [json.name] : Object.keys(json.bin);
  if (json.main !== undefined) fact.main = json.main;
  if (json.type !== undefined) fact.type = json.type;
  if (json.engines !== undefined) fact.engines = json.engines;
  if (json.packageManager !== undefined) fact.packageManager = json.packageManager;
  if (json.workspaces !== undefined) fact.workspaces = json.workspaces;
  fact.inWorkspace = dir === '.' || globs.some((glob) => globMatches(glob, dir));
  return fact;
}

/**
 * A pnpm workspace glob (`packages/*`, `apps/web`) against a folder.
 * @param {string} glob
 * @param {string} dir
 */
export function globMatches(glob, dir) {
  const pattern = glob
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part === '**' ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(dir);
}

/**
 * `.gitmodules`: each submodule's path, pinned commit, URL and branch.
 * @param {string} text
 * @param {(path: string) => string | null} gitlink
 * @param {Set<string>} fileSet
 * @returns {Fact[]}
 */
function parseGitmodules(text, gitlink, fileSet) {
  /** @type {Fact[]} */
  const submodules = [];
  /** @type {Record<string, string> | null} */
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*\[submodule /.test(line)) {
      current = {};
      submodules.push(current);
      continue;
    }
    const match = /^\s*(\w+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && current) current[match[1]] = match[2];
  }
  return submodules.map((raw) => {
    const submodulePath = String(raw.path);
    return {
      path: submodulePath,
      commit: gitlink(submodulePath),
      url: raw.url ?? null,
      branch: raw.branch ?? null,
      contentsInMirror: [...fileSet].some((file) => file.startsWith(`${submodulePath}/`)),
    };
  });
}

/**
 * The embed widget's facts.
 * @param {Program} program
 * @param {Set<string>} fileSet
 * @param {Fact[]} packages
 * @param {Fact[]} submodules
 * @returns {Fact}
 */
function embedFacts(program, fileSet, packages, submodules) {
  /** @type {Fact} */
  const embed = {};
  const submodule = submodules.find((item) => item.path === embedDir);
  const embedPackage = packages.find((pkg) => pkg.dir === embedDir);
  if (submodule || embedPackage) {
    /** @type {{commit: string, packageJson: Fact}} */
    const pinned = JSON.parse(readFileSync(path.join(here, 'embed-submodule.json'), 'utf8'));
    embed[embedDir] = {
      ...(submodule ? {submodule} : {}),
      packageJsonInMirror: Boolean(embedPackage),
      ...(!embedPackage && submodule?.commit === pinned.commit ? {packageJsonAtPinnedCommit: pinned.packageJson} : {}),
      customElementsDefined: embedPackage ? customElementsDefined(program, fileSet, embedDir) : null,
      initFunctionsDefined: null,
    };
  }
  const reactPackage = packages.find((pkg) => pkg.dir === embedReactDir);
  if (reactPackage) embed[embedReactDir] = embedReactFacts(program, fileSet, reactPackage);
  if (fileSet.has(embedSnippetsFile)) embed.uiEmbedSnippets = uiEmbedSnippets(program);
  embed.summary = embedSummary(embed);
  return embed;
}

/**
 * @param {Program} program
 * @param {Set<string>} fileSet
 * @param {Fact} pkg
 * @returns {Fact}
 */
function embedReactFacts(program, fileSet, pkg) {
  const json = JSON.parse(program.read(String(pkg.path)));
  const sources = [...fileSet]
    .filter((file) => file.startsWith(`${embedReactDir}/src/`) && /\.tsx?$/.test(file))
    .sort(compareStrings);
  /** @type {{name: string, file: string}[]} */
  const exports = [];
  /** @type {{name: string, via: string, file: string}[]} */
  const used = [];
  /** @type {{specifier: string, file: string}[]} */
  const dynamicImports = [];
  const index = `${embedReactDir}/src/index.ts`;
  if (fileSet.has(index)) {
    for (const statement of program.module(index).sourceFile.statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) exports.push({name: element.name.text, file: index});
      }
    }
  }
  for (const file of sources) {
    const sourceFile = program.module(file).sourceFile;
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'IntrinsicElements') {
        for (const member of node.members) {
          if (member.name && ts.isStringLiteral(member.name) && member.name.text.includes('-')) {
            used.push({name: member.name.text, via: 'JSX.IntrinsicElements', file});
          }
        }
      } else if (
        ts.isCallExpression(node) &&
        node.expression.getText(sourceFile) === 'document.createElement' &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0]) &&
        node.arguments[0].text.includes('-')
      ) {
        used.push({name: node.arguments[0].text, via: 'document.createElement', file});
      } else if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        node.tagName.getText(sourceFile).includes('-')
      ) {
        used.push({name: node.tagName.getText(sourceFile), via: 'JSX element', file});
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        const specifier = node.arguments[0].text;
        if (!dynamicImports.some((item) => item.specifier === specifier)) dynamicImports.push({specifier, file});
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  const seen = new Set();
  return {
    npmName: json.name ?? null,
    version: json.version ?? null,
    scripts: Object.keys(json.scripts ?? {}),
    peerDependencies: Object.keys(json.peerDependencies ?? {}),
    exports,
    customElementsDefined: customElementsDefined(program, fileSet, embedReactDir),
    customElementsUsed: used.filter((item) => {
      const key = `${item.name} ${item.via} ${item.file}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    dynamicImports,
  };
}

/**
 * `customElements.define('x-y', …)` and `customElement('x-y', …)` calls under a folder.
 * @param {Program} program
 * @param {Set<string>} fileSet
 * @param {string} dir
 * @returns {{name: string, file: string}[]}
 */
function customElementsDefined(program, fileSet, dir) {
  /** @type {{name: string, file: string}[]} */
  const defined = [];
  for (const file of [...fileSet]
    .filter((item) => item.startsWith(`${dir}/`) && /\.[jt]sx?$/.test(item))
    .sort(compareStrings)) {
    if (!/customElement/.test(program.read(file))) continue;
    const sourceFile = program.module(file).sourceFile;
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(sourceFile);
        const first = node.arguments[0];
        if (
          (callee === 'customElements.define' || callee === 'customElement') &&
          first &&
          ts.isStringLiteralLike(first)
        ) {
          defined.push({name: first.text, file});
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return defined;
}

/**
 * The embed snippets of the UI: every top-level `embed…` function returning a template string.
 * @param {Program} program
 * @returns {Fact[]}
 */
function uiEmbedSnippets(program) {
  const sourceFile = program.module(embedSnippetsFile).sourceFile;
  /** @type {Fact[]} */
  const snippets = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !/^embed\w*Code/.test(declaration.name.text)) continue;
      const init = declaration.initializer;
      if (!init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init))) continue;
      const template = returnedTemplate(init);
      if (!template) continue;
      snippets.push(snippetFact(declaration.name.text, templateText(template)));
    }
  }
  return snippets;
}

/**
 * The template literal a function returns.
 * @param {ts.ArrowFunction | ts.FunctionExpression} fn
 * @returns {ts.TemplateLiteral | undefined}
 */
function returnedTemplate(fn) {
  if (!ts.isBlock(fn.body))
    return ts.isTemplateExpression(fn.body) || ts.isNoSubstitutionTemplateLiteral(fn.body) ? fn.body : undefined;
  for (const statement of fn.body.statements) {
    if (ts.isReturnStatement(statement) && statement.expression) {
      const expression = statement.expression;
      if (ts.isTemplateExpression(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression;
    }
  }
  return undefined;
}

/**
 * A template's text with each substitution replaced by a neutral identifier, so that the snippet's code parses.
 * @param {ts.TemplateLiteral} template
 */
function templateText(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [template.head.text, ...template.templateSpans.map((span) => `__value__${span.literal.text}`)].join('');
}

/**
 * @param {string} definedIn
 * @param {string} code
 * @returns {Fact}
 */
function snippetFact(definedIn, code) {
  const kind = code.trimStart().startsWith('<') ? 'html' : 'code';
  /** @type {{from: string, names: string[], default: boolean}[]} */
  const imports = [];
  /** @type {string[]} */
  const calls = [];
  /** @type {string[]} */
  const elements = [];
  /** @type {string[]} */
  const jsxProps = [];
  /** @param {string} script */
  const parseScript = (script) => {
    const sourceFile = ts.createSourceFile('snippet.tsx', script, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
    /** @type {Set<string>} */
    const imported = new Set();
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause) {
        const clause = node.importClause;
        /** @type {string[]} */
        const names = [];
        if (clause.name) names.push(clause.name.text);
        if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
          names.push(...clause.namedBindings.elements.map((element) => element.name.text));
        }
        names.forEach((name) => imported.add(name));
        imports.push({from: node.moduleSpecifier.text, names, default: Boolean(clause.name)});
      } else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        imported.has(node.expression.expression.text)
      ) {
        calls.push(node.expression.getText(sourceFile));
      } else if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
        const tag = node.tagName.getText(sourceFile);
        if (!elements.includes(tag)) elements.push(tag);
        for (const attribute of node.attributes.properties) {
          if (ts.isJsxAttribute(attribute) && !jsxProps.includes(attribute.name.getText(sourceFile))) {
            jsxProps.push(attribute.name.getText(sourceFile));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  };
  if (kind === 'html') {
    for (const match of code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) parseScript(match[1]);
    const markup = code.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
    for (const match of markup.matchAll(/<([a-z][a-z0-9]*-[a-z0-9-]*)\b/g))
      if (!elements.includes(match[1])) elements.push(match[1]);
    return {file: embedSnippetsFile, definedIn, kind, imports, calls, elements};
  }
  parseScript(code);
  return {file: embedSnippetsFile, definedIn, kind, imports, calls, elements, jsxProps};
}

/**
 * The embed facts in short: npm names, custom elements, init functions, script URLs, React components.
 * @param {Fact} embed
 */
function embedSummary(embed) {
  const submodule = /** @type {any} */ (embed[embedDir]);
  const react = /** @type {any} */ (embed[embedReactDir]);
  const snippets = /** @type {any[]} */ (embed.uiEmbedSnippets ?? []);
  /** @param {Iterable<string>} items */
  const sorted = (items) => [...new Set(items)].sort(compareStrings);
  const npmNames = sorted(
    [submodule?.packageJsonAtPinnedCommit?.name, react?.npmName].filter((name) => typeof name === 'string'),
  );
  return {
    npmNames,
    customElementNames: sorted([
      ...(react?.customElementsUsed ?? []).map((/** @type {any} */ item) => item.name),
      ...snippets.flatMap((snippet) => snippet.elements.filter((/** @type {string} */ name) => name.includes('-'))),
    ]),
    customElementsDefinedInMirror: sorted([
      ...(react?.customElementsDefined ?? []).map((/** @type {any} */ item) => item.name),
      ...(submodule?.customElementsDefined ?? []).map((/** @type {any} */ item) => item.name),
    ]),
    initFunctionsCalledBySnippets: sorted(snippets.flatMap((snippet) => snippet.calls)),
    scriptUrls: sorted(
      snippets
        .flatMap((snippet) => snippet.imports.map((/** @type {any} */ item) => item.from))
        .filter((from) => /^https?:/.test(from)),
    ),
    reactComponents: (react?.exports ?? []).map((/** @type {any} */ item) => item.name),
  };
}

/**
 * The dependencies of each workspace package, with the specifier of its `package.json` and the version
 * `pnpm-lock.yaml` resolves it to (`importers` of a version 9 lock file); without a lock file, the specifiers of the
 * `package.json` files. For `facts:diff` (changed package versions); not part of the pack.
 * @param {Program} program
 * @param {string[]} files
 * @param {(program: Program) => {document: any}} readLock parses the lock file (shared with the behaviour facts)
 * @returns {Record<string, Record<string, {specifier: string, version: string | null}>>} importer → name → versions
 */
export function lockedDependencies(program, files, readLock) {
  /** @type {Record<string, Record<string, {specifier: string, version: string | null}>>} */
  const result = {};
  if (files.includes('pnpm-lock.yaml')) {
    const importers = readLock(program).document?.importers ?? {};
    for (const importer of Object.keys(importers).sort(compareStrings)) {
      /** @type {Record<string, {specifier: string, version: string | null}>} */
      const dependencies = {};
      for (const group of ['dependencies', 'devDependencies', 'optionalDependencies']) {
        for (const [name, entry] of Object.entries(importers[importer]?.[group] ?? {})) {
          const item = /** @type {{specifier: string, version: string}} */ (entry);
          dependencies[name] = {specifier: String(item.specifier), version: String(item.version).replace(/\(.*$/, '')};
        }
      }
      result[importer] = dependencies;
    }
    return result;
  }
  for (const file of files.filter((item) => path.posix.basename(item) === 'package.json')) {
    const json = JSON.parse(program.read(file));
    /** @type {Record<string, {specifier: string, version: string | null}>} */
    const dependencies = {};
    for (const group of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const [name, specifier] of Object.entries(json[group] ?? {}))
        dependencies[name] = {specifier: String(specifier), version: null};
    }
    result[path.posix.dirname(file)] = dependencies;
  }
  return result;
}
