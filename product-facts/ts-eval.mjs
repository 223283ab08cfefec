// @ts-check
/**
 * A small evaluator of literal TypeScript, over syntax trees of the TypeScript compiler API.
 *
 * The product declares its nodes and credentials as classes whose constructors assign literals
 * (`this.inputs = [{label: 'Model', …}]`). The evaluator computes those values without running the product: it
 * follows `const` declarations, enums, relative imports and `require()` calls inside the repository, runs class
 * constructors (`this.x = …`, `super()`, inheritance between repository classes) and expands calls of repository
 * functions whose bodies are literal (`addMMRInputParams(this.inputs)`). What it cannot know is an
 * {@link Unresolved} value: a read of `process.env`, a member of an npm package, a call into an npm package, a
 * helper whose result depends on the environment. Nothing is executed and nothing is imported from npm.
 *
 * Everything is deterministic: a module is parsed once, a declaration is evaluated once, and the order of
 * evaluation follows the syntax trees.
 */
import ts from 'typescript';
import {readFileSync} from 'node:fs';
import path from 'node:path';

/** A value only known when the product runs: `process.env.X`, an npm enum member, an npm call… */
export class Unresolved {
  /**
   * @param {string} text what the code reads (`process.env.X`, `HarmCategory.HARM_CATEGORY_HARASSMENT`, a helper's name)
   * @param {Iterable<string>} [env] environment variables the value depends on
   */
  constructor(text, env = []) {
    this.text = text;
    /** @type {string[]} */
    this.env = [...new Set(env)].sort();
  }
}

/** A call such as `getBaseClasses(X)`, whose result the product computes at run time from a class. */
export class BaseClassCall {
  /**
   * @param {string} call the function's name
   * @param {{arg?: string, argFrom?: string, argExport?: string, argFile?: string}} [argument] the class passed,
   *   and where it comes from (an npm module and its export name, or a repository file)
   */
  constructor(call, argument = {}) {
    this.call = call;
    this.argument = argument;
  }
}

/** An array element spread from a value the evaluator could not expand (`...getBaseClasses(X)`). */
export class Spread {
  /** @param {unknown} value */
  constructor(value) {
    this.value = value;
  }
}

/** A function of the repository, with the scope it closes over. */
export class FunctionRef {
  /**
   * @param {ts.FunctionLikeDeclaration} node
   * @param {Module} module
   * @param {Scope} scope
   * @param {string} name
   */
  constructor(node, module, scope, name) {
    this.node = node;
    this.module = module;
    this.scope = scope;
    this.name = name;
  }
}

/** A class of the repository. */
export class ClassRef {
  /**
   * @param {ts.ClassLikeDeclaration} node
   * @param {Module} module
   * @param {string} name
   */
  constructor(node, module, name) {
    this.node = node;
    this.module = module;
    this.name = name;
  }
}

/** A value imported from an npm package (never loaded: only its module and export name are known). */
export class ExternalRef {
  /**
   * @param {string} module the import specifier (`@langchain/openai`)
   * @param {string} exportName `default`, `*` or the export's name
   * @param {string} text how the code names it (`LangchainAzureChatOpenAI`, `HarmCategory.X`)
   */
  constructor(module, exportName, text) {
    this.module = module;
    this.exportName = exportName;
    this.text = text;
  }
}

/** The exports of a repository module, as `require()` or `import * as` give them. */
export class ModuleNamespace {
  /** @param {Module} module */
  constructor(module) {
    this.module = module;
  }
}

/** Thrown when an expression or statement is not literal (a loop over runtime data, a `throw`, an `await`…). */
export class NotLiteral extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = 'NotLiteral';
  }
}

const PROCESS_ENV = Symbol('process.env');
const PROCESS = Symbol('process');

/**
 * A lexical scope: names bound to values, and the `this` of the function it belongs to.
 */
export class Scope {
  /**
   * @param {Scope | null} parent
   * @param {Module} module
   * @param {unknown} [thisValue]
   */
  constructor(parent, module, thisValue) {
    this.parent = parent;
    this.module = module;
    /** @type {Map<string, unknown>} */
    this.names = new Map();
    this.thisValue = thisValue === undefined && parent ? parent.thisValue : thisValue;
  }

  /**
   * @param {string} name
   * @returns {{found: boolean, value?: unknown}}
   */
  lookup(name) {
    if (this.names.has(name)) return {found: true, value: this.names.get(name)};
    return this.parent ? this.parent.lookup(name) : this.module.lookup(name);
  }
}

/**
 * @typedef {object} CallRecord
 * @property {string} name the helper's name
 * @property {string} file the file defining it
 */

/**
 * The product's repository as the evaluator sees it: its files, parsed on demand.
 */
export class Program {
  /**
   * @param {string} root absolute path of the repository's root
   * @param {string[]} files the repository's files, relative to `root`
   */
  constructor(root, files) {
    this.root = root;
    this.fileSet = new Set(files);
    /** @type {Map<string, Module>} */
    this.modules = new Map();
    /** Helpers expanded while evaluating the current node (reset by the caller). @type {CallRecord[]} */
    this.expanded = [];
    /** Maximum depth of nested helper calls. */
    this.maxDepth = 12;
    this.depth = 0;
    /** How many module-level declarations are being evaluated (their helper calls are not a node's). */
    this.moduleLevel = 0;
    /** Statements of constructors that could not be evaluated (their fields become unresolved). @type {string[]} */
    this.problems = [];
  }

  /**
   * The module of a repository file, parsed once.
   * @param {string} file relative path
   * @returns {Module}
   */
  module(file) {
    let module = this.modules.get(file);
    if (!module) {
      module = new Module(this, file);
      this.modules.set(file, module);
    }
    return module;
  }

  /**
   * The repository file an import specifier names, or null for an npm package or a missing file.
   * @param {string} from the importing file
   * @param {string} specifier
   * @returns {string | null}
   */
  resolve(from, specifier) {
    if (!specifier.startsWith('.')) return null;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    const candidates = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      `${base}.d.ts`,
      `${base}.js`,
      `${base}/index.ts`,
      `${base}/index.tsx`,
      `${base}/index.js`,
    ];
    if (base.endsWith('.js')) candidates.unshift(`${base.slice(0, -3)}.ts`);
    return candidates.find((file) => this.fileSet.has(file) && /\.[cm]?[jt]sx?$/.test(file)) ?? null;
  }

  /**
   * The text of a file.
   * @param {string} file relative path
   */
  read(file) {
    return readFileSync(path.join(this.root, file), 'utf8');
  }
}

/**
 * @typedef {{kind: 'var', node: ts.VariableDeclaration}
 *   | {kind: 'function', node: ts.FunctionDeclaration}
 *   | {kind: 'class', node: ts.ClassDeclaration}
 *   | {kind: 'enum', node: ts.EnumDeclaration}
 *   | {kind: 'import', specifier: string, exportName: string}
 *   | {kind: 'importEquals', specifier: string}} Declaration
 */

/**
 * One parsed file: its top-level declarations, evaluated on demand and once.
 */
export class Module {
  /**
   * @param {Program} program
   * @param {string} file
   */
  constructor(program, file) {
    this.program = program;
    this.file = file;
    this.sourceFile = ts.createSourceFile(file, program.read(file), ts.ScriptTarget.ES2022, true, scriptKind(file));
    /** @type {Map<string, Declaration>} */
    this.declarations = new Map();
    /** Local name of each ES export. @type {Map<string, string>} */
    this.exportNames = new Map();
    /** `export { a as b } from './x'`: exported name → [specifier, name there]. @type {Map<string, [string, string]>} */
    this.reexports = new Map();
    /** `export * from './x'` specifiers. @type {string[]} */
    this.starExports = [];
    /** The expression assigned to `module.exports`, if any. @type {ts.Expression | undefined} */
    this.commonJsExports = undefined;
    /** @type {Map<string, unknown>} */
    this.values = new Map();
    /** @type {Set<string>} */
    this.evaluating = new Set();
    this.scope = new Scope(null, this);
    this.index();
  }

  /** Collects top-level declarations, imports and exports. */
  index() {
    for (const statement of this.sourceFile.statements) {
      const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
      const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const specifier = statement.moduleSpecifier.text;
        const clause = statement.importClause;
        if (!clause) continue;
        if (clause.name) this.declarations.set(clause.name.text, {kind: 'import', specifier, exportName: 'default'});
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          this.declarations.set(bindings.name.text, {kind: 'import', specifier, exportName: '*'});
        } else if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            this.declarations.set(element.name.text, {
              kind: 'import',
              specifier,
              exportName: (element.propertyName ?? element.name).text,
            });
          }
        }
      } else if (ts.isImportEqualsDeclaration(statement)) {
        const reference = statement.moduleReference;
        if (ts.isExternalModuleReference(reference) && ts.isStringLiteral(reference.expression)) {
          this.declarations.set(statement.name.text, {kind: 'importEquals', specifier: reference.expression.text});
        }
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name)) {
            this.declarations.set(name, {kind: 'var', node: declaration});
            if (exported) this.exportNames.set(name, name);
          }
        }
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        if (!statement.body && this.declarations.has(statement.name.text)) continue; // overload signature
        if (statement.body || !this.declarations.has(statement.name.text)) {
          this.declarations.set(statement.name.text, {kind: 'function', node: statement});
        }
        if (exported) this.exportNames.set(isDefault ? 'default' : statement.name.text, statement.name.text);
      } else if (ts.isClassDeclaration(statement) && statement.name) {
        this.declarations.set(statement.name.text, {kind: 'class', node: statement});
        if (exported) this.exportNames.set(isDefault ? 'default' : statement.name.text, statement.name.text);
      } else if (ts.isEnumDeclaration(statement)) {
        this.declarations.set(statement.name.text, {kind: 'enum', node: statement});
        if (exported) this.exportNames.set(statement.name.text, statement.name.text);
      } else if (ts.isExportAssignment(statement)) {
        if (ts.isIdentifier(statement.expression)) this.exportNames.set('default', statement.expression.text);
        else {
          this.declarations.set('\0default', {kind: 'var', node: syntheticDeclaration(statement.expression)});
          this.exportNames.set('default', '\0default');
        }
      } else if (ts.isExportDeclaration(statement)) {
        const specifier =
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? statement.moduleSpecifier.text
            : undefined;
        const clause = statement.exportClause;
        if (!clause && specifier) this.starExports.push(specifier);
        else if (clause && ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            const local = (element.propertyName ?? element.name).text;
            if (specifier) this.reexports.set(element.name.text, [specifier, local]);
            else this.exportNames.set(element.name.text, local);
          }
        }
      } else if (ts.isExpressionStatement(statement)) {
        const expression = statement.expression;
        if (
          ts.isBinaryExpression(expression) &&
          expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          expression.left.getText(this.sourceFile) === 'module.exports'
        ) {
          this.commonJsExports = expression.right;
        }
      }
    }
  }

  /**
   * The value of a top-level name of this module.
   * @param {string} name
   * @returns {{found: boolean, value?: unknown}}
   */
  lookup(name) {
    if (this.values.has(name)) return {found: true, value: this.values.get(name)};
    const declaration = this.declarations.get(name);
    if (!declaration) {
      if (name === 'process') return {found: true, value: PROCESS};
      if (name === 'undefined') return {found: true, value: undefined};
      return {found: false};
    }
    if (this.evaluating.has(name)) throw new NotLiteral(`${name} refers to itself`);
    this.evaluating.add(name);
    this.program.moduleLevel++;
    try {
      const value = this.evaluateDeclaration(name, declaration);
      this.values.set(name, value);
      return {found: true, value};
    } finally {
      this.evaluating.delete(name);
      this.program.moduleLevel--;
    }
  }

  /**
   * @param {string} name
   * @param {Declaration} declaration
   * @returns {unknown}
   */
  evaluateDeclaration(name, declaration) {
    switch (declaration.kind) {
      case 'import': {
        const target = this.program.resolve(this.file, declaration.specifier);
        if (!target) return new ExternalRef(declaration.specifier, declaration.exportName, name);
        const module = this.program.module(target);
        return declaration.exportName === '*'
          ? new ModuleNamespace(module)
          : module.exportValue(declaration.exportName);
      }
      case 'importEquals': {
        const target = this.program.resolve(this.file, declaration.specifier);
        return target
          ? new ModuleNamespace(this.program.module(target))
          : new ExternalRef(declaration.specifier, '*', name);
      }
      case 'function':
        return new FunctionRef(declaration.node, this, this.scope, name);
      case 'class':
        return new ClassRef(declaration.node, this, name);
      case 'enum':
        return evaluateEnum(declaration.node, this.scope);
      case 'var': {
        const node = declaration.node;
        if (!node.initializer) return undefined;
        const value = evaluate(node.initializer, this.scope);
        if (ts.isIdentifier(node.name)) return value;
        const scope = new Scope(null, this);
        bindPattern(node.name, value, scope);
        return scope.names.get(name);
      }
    }
  }

  /**
   * The value this module exports under a name (ES exports, re-exports, `export *`, then `module.exports`).
   * @param {string} name
   * @param {Set<Module>} [seen] modules already visited by `export *`
   * @returns {unknown}
   */
  exportValue(name, seen = new Set()) {
    const found = this.findExport(name, seen);
    if (found.found) return found.value;
    throw new NotLiteral(`${this.file} exports no ${name}`);
  }

  /**
   * @param {string} name
   * @param {Set<Module>} seen
   * @returns {{found: boolean, value?: unknown}}
   */
  findExport(name, seen) {
    if (seen.has(this)) return {found: false};
    seen.add(this);
    const local = this.exportNames.get(name);
    if (local !== undefined) return this.lookup(local);
    const reexport = this.reexports.get(name);
    if (reexport) {
      const target = this.program.resolve(this.file, reexport[0]);
      if (!target) return {found: true, value: new ExternalRef(reexport[0], reexport[1], name)};
      return {found: true, value: this.program.module(target).exportValue(reexport[1])};
    }
    for (const specifier of this.starExports) {
      const target = this.program.resolve(this.file, specifier);
      if (!target) continue;
      const found = this.program.module(target).findExport(name, seen);
      if (found.found) return found;
    }
    if (this.commonJsExports) {
      const exportsValue = this.commonJsValue();
      if (isPlainObject(exportsValue) && Object.hasOwn(exportsValue, name)) {
        return {found: true, value: /** @type {Record<string, unknown>} */ (exportsValue)[name]};
      }
      if (name === 'default') return {found: true, value: exportsValue};
    }
    return {found: false};
  }

  /** The value of `module.exports = …`. */
  commonJsValue() {
    if (!this.commonJsExports) return undefined;
    if (!this.values.has('\0module.exports')) {
      this.values.set('\0module.exports', evaluate(this.commonJsExports, this.scope));
    }
    return this.values.get('\0module.exports');
  }

  /**
   * The repository file where a top-level name of this module is defined (following imports), or null when it
   * comes from npm or is not a declaration.
   * @param {string} name
   * @returns {{file: string} | {module: string, exportName: string} | null}
   */
  origin(name) {
    const declaration = this.declarations.get(name);
    if (!declaration) return null;
    if (declaration.kind === 'import' || declaration.kind === 'importEquals') {
      const exportName = declaration.kind === 'import' ? declaration.exportName : '*';
      const target = this.program.resolve(this.file, declaration.specifier);
      if (!target) return {module: declaration.specifier, exportName};
      return this.program.module(target).exportOrigin(exportName, new Set());
    }
    return {file: this.file};
  }

  /**
   * @param {string} name
   * @param {Set<Module>} seen
   * @returns {{file: string} | {module: string, exportName: string} | null}
   */
  exportOrigin(name, seen) {
    if (seen.has(this)) return null;
    seen.add(this);
    const local = this.exportNames.get(name);
    if (local !== undefined) return this.origin(local);
    const reexport = this.reexports.get(name);
    if (reexport) {
      const target = this.program.resolve(this.file, reexport[0]);
      if (!target) return {module: reexport[0], exportName: reexport[1]};
      return this.program.module(target).exportOrigin(reexport[1], new Set());
    }
    for (const specifier of this.starExports) {
      const target = this.program.resolve(this.file, specifier);
      if (!target) continue;
      const found = this.program.module(target).exportOrigin(name, seen);
      if (found) return found;
    }
    return null;
  }
}

/** @param {string} file */
function scriptKind(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/**
 * @param {ts.Node} node
 * @param {ts.SyntaxKind} kind
 */
function hasModifier(node, kind) {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

/**
 * A declaration node standing for `export default <expression>`.
 * @param {ts.Expression} expression
 * @returns {ts.VariableDeclaration}
 */
function syntheticDeclaration(expression) {
  return /** @type {ts.VariableDeclaration} */ (
    /** @type {unknown} */ ({name: ts.factory.createIdentifier('default'), initializer: expression})
  );
}

/**
 * The names a binding pattern declares.
 * @param {ts.BindingName} name
 * @returns {string[]}
 */
export function bindingNames(name) {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(/** @type {ts.BindingElement} */ (element).name),
  );
}

/**
 * Binds the names of a pattern to the parts of a value.
 * @param {ts.BindingName} name
 * @param {unknown} value
 * @param {Scope} scope
 */
function bindPattern(name, value, scope) {
  if (ts.isIdentifier(name)) {
    scope.names.set(name.text, value);
    return;
  }
  if (ts.isObjectBindingPattern(name)) {
    for (const element of name.elements) {
      if (element.dotDotDotToken) {
        scope.names.set(bindingNames(element.name)[0], new Unresolved(`...${bindingNames(element.name)[0]}`));
        continue;
      }
      const key = element.propertyName
        ? propertyKey(element.propertyName, scope)
        : ts.isIdentifier(element.name)
          ? element.name.text
          : undefined;
      if (key === undefined) throw new NotLiteral('computed binding');
      let part = getProperty(value, String(key), element);
      if (part === undefined && element.initializer) part = evaluate(element.initializer, scope);
      bindPattern(element.name, part, scope);
    }
    return;
  }
  name.elements.forEach((element, index) => {
    if (ts.isOmittedExpression(element)) return;
    let part = Array.isArray(value) ? value[index] : new Unresolved(`[${index}]`);
    if (part === undefined && element.initializer) part = evaluate(element.initializer, scope);
    bindPattern(element.name, part, scope);
  });
}

/**
 * An enum's members as an object (numeric members count up from the last number).
 * @param {ts.EnumDeclaration} node
 * @param {Scope} scope
 */
function evaluateEnum(node, scope) {
  /** @type {Record<string, unknown>} */
  const members = {};
  let next = 0;
  for (const member of node.members) {
    const key = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
    if (key === undefined) continue;
    if (member.initializer) {
      const value = evaluate(member.initializer, scope);
      members[key] = value;
      if (typeof value === 'number') next = value + 1;
    } else {
      members[key] = next++;
    }
  }
  return members;
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isPlainObject(value) {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The key of a property name.
 * @param {ts.PropertyName} name
 * @param {Scope} scope
 * @returns {string | undefined}
 */
function propertyKey(name, scope) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const key = evaluate(name.expression, scope);
    if (typeof key === 'string' || typeof key === 'number') return String(key);
  }
  return undefined;
}

/**
 * Merges the unresolved parts of a value computed from several.
 * @param {unknown[]} values
 * @returns {Unresolved}
 */
export function mergeUnresolved(values) {
  const parts = values.filter((value) => value instanceof Unresolved);
  const texts = [...new Set(parts.map((part) => part.text))];
  const env = parts.flatMap((part) => part.env);
  if (texts.length === 1) return new Unresolved(texts[0], env);
  if (texts.every((text) => text.startsWith('process.env'))) return new Unresolved('process.env', env);
  return new Unresolved(texts[0], env);
}

/**
 * Whether a value is fully known (no unresolved part inside).
 * @param {unknown} value
 * @returns {boolean}
 */
function isKnown(value) {
  if (value instanceof Unresolved || value instanceof ExternalRef || value instanceof Spread) return false;
  if (value instanceof BaseClassCall) return false;
  if (Array.isArray(value)) return value.every(isKnown);
  if (isPlainObject(value)) return Object.values(value).every(isKnown);
  return true;
}

/**
 * Reads a property of a value.
 * @param {unknown} object
 * @param {string} key
 * @param {ts.Node} node for error messages
 * @returns {unknown}
 */
function getProperty(object, key, node) {
  if (object === PROCESS) {
    if (key === 'env') return PROCESS_ENV;
    return new Unresolved(`process.${key}`);
  }
  if (object === PROCESS_ENV) return new Unresolved(`process.env.${key}`, [key]);
  if (object instanceof Unresolved) return object;
  if (object instanceof ExternalRef) {
    return new ExternalRef(object.module, object.exportName, `${object.text}.${key}`);
  }
  if (object instanceof ModuleNamespace) {
    const found = object.module.findExport(key, new Set());
    if (found.found) return found.value;
    return undefined;
  }
  if (object === undefined || object === null) return undefined;
  if (Array.isArray(object)) {
    if (key === 'length') return object.length;
    if (/^\d+$/.test(key)) return object[Number(key)];
    return new ArrayMethod(object, key);
  }
  if (typeof object === 'string') {
    if (key === 'length') return object.length;
    if (/^\d+$/.test(key)) return object[Number(key)];
    return new StringMethod(object, key);
  }
  if (isPlainObject(object)) return Object.hasOwn(object, key) ? object[key] : undefined;
  if (object instanceof Instance) return Object.hasOwn(object.fields, key) ? object.fields[key] : undefined;
  if (object instanceof ClassRef || object instanceof FunctionRef) return new Unresolved(`${object.name}.${key}`);
  throw new NotLiteral(`cannot read ${key} at ${where(node)}`);
}

/** An object built by `new` from a repository class, or the `this` of a constructor. */
export class Instance {
  /** @param {ClassRef | null} cls */
  constructor(cls) {
    this.cls = cls;
    /** @type {Record<string, unknown>} */
    this.fields = {};
  }
}

/** A method of an array, read but not yet called. */
class ArrayMethod {
  /**
   * @param {unknown[]} array
   * @param {string} name
   */
  constructor(array, name) {
    this.array = array;
    this.name = name;
  }
}

/** A method of a string, read but not yet called. */
class StringMethod {
  /**
   * @param {string} string
   * @param {string} name
   */
  constructor(string, name) {
    this.string = string;
    this.name = name;
  }
}

/**
 * `file:line` of a node, for messages.
 * @param {ts.Node} node
 */
export function where(node) {
  const sourceFile = node.getSourceFile();
  const {line} = sourceFile.getLineAndCharacterOfPosition(node.getStart());
  return `${sourceFile.fileName}:${line + 1}`;
}

/**
 * Evaluates an expression.
 * @param {ts.Expression} node
 * @param {Scope} scope
 * @returns {unknown}
 * @throws {NotLiteral} when the expression is not literal
 */
export function evaluate(node, scope) {
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return /** @type {ts.StringLiteral} */ (node).text;
    case ts.SyntaxKind.NumericLiteral:
      return Number(/** @type {ts.NumericLiteral} */ (node).text);
    case ts.SyntaxKind.TrueKeyword:
      return true;
    case ts.SyntaxKind.FalseKeyword:
      return false;
    case ts.SyntaxKind.NullKeyword:
      return null;
    case ts.SyntaxKind.ThisKeyword:
      return scope.thisValue;
    case ts.SyntaxKind.RegularExpressionLiteral:
      return new Unresolved(node.getText());
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) {
    return evaluate(node.expression, scope);
  }
  if (ts.isTypeAssertionExpression(node) || ts.isSatisfiesExpression(node)) return evaluate(node.expression, scope);
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return undefined;
    const found = scope.lookup(node.text);
    if (found.found) return found.value;
    return new Unresolved(node.text);
  }
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text];
    /** @type {unknown[]} */
    const values = [];
    for (const span of node.templateSpans) {
      const value = evaluate(span.expression, scope);
      values.push(value);
      parts.push(typeof value === 'object' && value !== null ? '' : String(value), span.literal.text);
    }
    if (values.some((value) => !isPrimitive(value))) return mergeUnresolved(values.map(toUnresolved));
    return parts.join('');
  }
  if (ts.isArrayLiteralExpression(node)) {
    /** @type {unknown[]} */
    const result = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const value = evaluate(element.expression, scope);
        if (Array.isArray(value)) result.push(...value);
        else if (value === undefined || value === null) throw new NotLiteral(`spread of nothing at ${where(element)}`);
        else result.push(new Spread(value));
      } else if (ts.isOmittedExpression(element)) {
        result.push(undefined);
      } else {
        result.push(evaluate(element, scope));
      }
    }
    return result;
  }
  if (ts.isObjectLiteralExpression(node)) return evaluateObject(node, scope);
  if (ts.isPropertyAccessExpression(node)) {
    const object = evaluate(node.expression, scope);
    if (node.questionDotToken && (object === undefined || object === null)) return undefined;
    if (object instanceof Instance && !Object.hasOwn(object.fields, node.name.text)) {
      return instanceMember(object, node.name.text);
    }
    return getProperty(object, node.name.text, node);
  }
  if (ts.isElementAccessExpression(node)) {
    const object = evaluate(node.expression, scope);
    if (node.questionDotToken && (object === undefined || object === null)) return undefined;
    const key = evaluate(node.argumentExpression, scope);
    if (typeof key !== 'string' && typeof key !== 'number') {
      if (object === PROCESS_ENV) return new Unresolved('process.env', []);
      return mergeUnresolved([toUnresolved(key)]);
    }
    return getProperty(object, String(key), node);
  }
  if (ts.isPrefixUnaryExpression(node)) {
    const operand = evaluate(node.operand, scope);
    if (!isPrimitive(operand)) {
      if (node.operator === ts.SyntaxKind.ExclamationToken && isTruthyObject(operand)) return false;
      return toUnresolved(operand);
    }
    switch (node.operator) {
      case ts.SyntaxKind.ExclamationToken:
        return !operand;
      case ts.SyntaxKind.MinusToken:
        return -(/** @type {number} */ (operand));
      case ts.SyntaxKind.PlusToken:
        return +(/** @type {number} */ (operand));
      case ts.SyntaxKind.TildeToken:
        return ~(/** @type {number} */ (operand));
    }
    throw new NotLiteral(`operator at ${where(node)}`);
  }
  if (ts.isTypeOfExpression(node)) {
    const operand = evaluate(node.expression, scope);
    if (!isPrimitive(operand) && !isPlainObject(operand) && !Array.isArray(operand)) return toUnresolved(operand);
    return typeof operand;
  }
  if (ts.isVoidExpression(node)) return undefined;
  if (ts.isBinaryExpression(node)) return evaluateBinary(node, scope);
  if (ts.isConditionalExpression(node)) {
    const condition = evaluate(node.condition, scope);
    if (!isPrimitive(condition) && !isTruthyObject(condition)) {
      return mergeUnresolved([
        toUnresolved(condition),
        toUnresolved(evaluate(node.whenTrue, scope)),
        toUnresolved(evaluate(node.whenFalse, scope)),
      ]);
    }
    return evaluate(condition ? node.whenTrue : node.whenFalse, scope);
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    return new FunctionRef(node, scope.module, scope, node.name?.text ?? declaredName(node) ?? '(anonymous)');
  }
  if (ts.isClassExpression(node)) return new ClassRef(node, scope.module, node.name?.text ?? '(anonymous)');
  if (ts.isCallExpression(node)) return evaluateCall(node, scope);
  if (ts.isNewExpression(node)) {
    const constructor = evaluate(node.expression, scope);
    if (constructor instanceof ClassRef) {
      const args = (node.arguments ?? []).map((argument) => evaluate(argument, scope));
      return construct(constructor, args);
    }
    return new Unresolved(`new ${node.expression.getText()}`);
  }
  if (ts.isAwaitExpression(node)) throw new NotLiteral(`await at ${where(node)}`);
  if (ts.isTaggedTemplateExpression(node)) return new Unresolved(node.tag.getText());
  throw new NotLiteral(`${ts.SyntaxKind[node.kind]} at ${where(node)}`);
}

/**
 * The name a function expression is declared under (`const name = () => …`), if any.
 * @param {ts.Node} node
 * @returns {string | undefined}
 */
function declaredName(node) {
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

/**
 * A member of an instance that no constructor assigned: one of its class's methods or getters.
 * @param {Instance} instance
 * @param {string} name
 */
function instanceMember(instance, name) {
  for (let cls = instance.cls; cls; cls = superClass(cls)) {
    for (const member of cls.node.members) {
      if (member.name && ts.isIdentifier(member.name) && member.name.text === name) {
        if (ts.isMethodDeclaration(member))
          return new BoundMethod(instance, new FunctionRef(member, cls.module, cls.module.scope, name));
        return undefined;
      }
    }
  }
  return undefined;
}

/** A method read from an instance. */
class BoundMethod {
  /**
   * @param {Instance} instance
   * @param {FunctionRef} fn
   */
  constructor(instance, fn) {
    this.instance = instance;
    this.fn = fn;
  }
}

/** @param {unknown} value */
function isPrimitive(value) {
  return value === null || value === undefined || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}

/**
 * Objects whose truth is known without their contents (arrays, plain objects, functions, classes).
 * @param {unknown} value
 */
function isTruthyObject(value) {
  return (
    Array.isArray(value) ||
    isPlainObject(value) ||
    value instanceof FunctionRef ||
    value instanceof ClassRef ||
    value instanceof Instance
  );
}

/**
 * The unresolved form of a value that is not literal.
 * @param {unknown} value
 * @returns {Unresolved}
 */
function toUnresolved(value) {
  if (value instanceof Unresolved) return value;
  if (value instanceof ExternalRef) return new Unresolved(value.text);
  if (value instanceof FunctionRef || value instanceof ClassRef) return new Unresolved(value.name);
  if (value instanceof BaseClassCall) return new Unresolved(value.call);
  if (value === PROCESS_ENV) return new Unresolved('process.env');
  return new Unresolved(String(value));
}

/**
 * @param {ts.ObjectLiteralExpression} node
 * @param {Scope} scope
 */
function evaluateObject(node, scope) {
  /** @type {Record<string, unknown>} */
  const result = {};
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property)) {
      const key = propertyKey(property.name, scope);
      if (key === undefined) throw new NotLiteral(`computed key at ${where(property)}`);
      result[key] = evaluateOrUnresolved(property.initializer, scope);
    } else if (ts.isShorthandPropertyAssignment(property)) {
      result[property.name.text] = evaluate(property.name, scope);
    } else if (ts.isSpreadAssignment(property)) {
      const value = evaluate(property.expression, scope);
      if (isPlainObject(value)) Object.assign(result, value);
      else if (value instanceof Instance) Object.assign(result, value.fields);
      else if (value !== undefined && value !== null) throw new NotLiteral(`spread of ${toUnresolved(value).text}`);
    } else if (ts.isMethodDeclaration(property) || ts.isGetAccessor(property) || ts.isSetAccessor(property)) {
      const key = propertyKey(property.name, scope);
      if (key !== undefined) result[key] = new FunctionRef(property, scope.module, scope, key);
    }
  }
  return result;
}

/**
 * Evaluates a property's value; a value that is not literal becomes unresolved, so that one property the facts do
 * not keep (a placeholder computed at run time) cannot spoil the others.
 * @param {ts.Expression} node
 * @param {Scope} scope
 */
function evaluateOrUnresolved(node, scope) {
  try {
    return evaluate(node, scope);
  } catch (error) {
    if (error instanceof NotLiteral) return new Unresolved(shortText(node));
    throw error;
  }
}

/**
 * The source text of a node on one line, cut at 80 characters.
 * @param {ts.Node} node
 */
export function shortText(node) {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * @param {ts.BinaryExpression} node
 * @param {Scope} scope
 * @returns {unknown}
 */
function evaluateBinary(node, scope) {
  const operator = node.operatorToken.kind;
  if (operator === ts.SyntaxKind.EqualsToken) {
    const value = evaluate(node.right, scope);
    assign(node.left, value, scope);
    return value;
  }
  if (
    operator === ts.SyntaxKind.PlusEqualsToken ||
    operator === ts.SyntaxKind.BarBarEqualsToken ||
    operator === ts.SyntaxKind.QuestionQuestionEqualsToken
  ) {
    const current = evaluate(node.left, scope);
    /** @type {unknown} */
    let value;
    if (operator === ts.SyntaxKind.PlusEqualsToken) {
      const right = evaluate(node.right, scope);
      value =
        isPrimitive(current) && isPrimitive(right)
          ? /** @type {any} */ (current) + right
          : mergeUnresolved([toUnresolved(current), toUnresolved(right)]);
    } else if (operator === ts.SyntaxKind.BarBarEqualsToken) value = current || evaluate(node.right, scope);
    else value = current ?? evaluate(node.right, scope);
    assign(node.left, value, scope);
    return value;
  }
  const left = evaluate(node.left, scope);
  const leftKnown = isPrimitive(left) || isTruthyObject(left);
  if (operator === ts.SyntaxKind.AmpersandAmpersandToken) {
    if (leftKnown) return left ? evaluate(node.right, scope) : left;
    const right = evaluate(node.right, scope);
    if (isPrimitive(right) && !right) return mergeUnresolved([left]);
    return mergeUnresolved([toUnresolved(left), toUnresolved(right)]);
  }
  if (operator === ts.SyntaxKind.BarBarToken) {
    if (leftKnown) return left ? left : evaluate(node.right, scope);
    const right = evaluate(node.right, scope);
    return mergeUnresolved([toUnresolved(left), toUnresolved(right)]);
  }
  if (operator === ts.SyntaxKind.QuestionQuestionToken) {
    if (leftKnown) return left ?? evaluate(node.right, scope);
    return mergeUnresolved([toUnresolved(left), toUnresolved(evaluate(node.right, scope))]);
  }
  if (operator === ts.SyntaxKind.CommaToken) return evaluate(node.right, scope);
  const right = evaluate(node.right, scope);
  if (operator === ts.SyntaxKind.InstanceOfKeyword || operator === ts.SyntaxKind.InKeyword) {
    return mergeUnresolved([toUnresolved(left), toUnresolved(right)]);
  }
  if (!isPrimitive(left) || !isPrimitive(right)) {
    if (operator === ts.SyntaxKind.PlusToken && (typeof left === 'string' || typeof right === 'string')) {
      return mergeUnresolved([toUnresolved(isPrimitive(left) ? right : left)]);
    }
    return mergeUnresolved([left, right].filter((value) => !isPrimitive(value)).map(toUnresolved));
  }
  const a = /** @type {any} */ (left);
  const b = /** @type {any} */ (right);
  switch (operator) {
    case ts.SyntaxKind.PlusToken:
      return a + b;
    case ts.SyntaxKind.MinusToken:
      return a - b;
    case ts.SyntaxKind.AsteriskToken:
      return a * b;
    case ts.SyntaxKind.SlashToken:
      return a / b;
    case ts.SyntaxKind.PercentToken:
      return a % b;
    case ts.SyntaxKind.AsteriskAsteriskToken:
      return a ** b;
    case ts.SyntaxKind.EqualsEqualsEqualsToken:
      return a === b;
    case ts.SyntaxKind.ExclamationEqualsEqualsToken:
      return a !== b;
    case ts.SyntaxKind.EqualsEqualsToken:
      return a == b;
    case ts.SyntaxKind.ExclamationEqualsToken:
      return a != b;
    case ts.SyntaxKind.LessThanToken:
      return a < b;
    case ts.SyntaxKind.LessThanEqualsToken:
      return a <= b;
    case ts.SyntaxKind.GreaterThanToken:
      return a > b;
    case ts.SyntaxKind.GreaterThanEqualsToken:
      return a >= b;
    case ts.SyntaxKind.BarToken:
      return a | b;
    case ts.SyntaxKind.AmpersandToken:
      return a & b;
  }
  throw new NotLiteral(`operator ${ts.tokenToString(operator)} at ${where(node)}`);
}

/**
 * Assigns a value to a name, a property or an element.
 * @param {ts.Expression} target
 * @param {unknown} value
 * @param {Scope} scope
 */
function assign(target, value, scope) {
  if (ts.isIdentifier(target)) {
    for (let current = /** @type {Scope | null} */ (scope); current; current = current.parent) {
      if (current.names.has(target.text)) {
        current.names.set(target.text, value);
        return;
      }
    }
    throw new NotLiteral(`assignment to ${target.text} outside the function at ${where(target)}`);
  }
  if (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) {
    const object = evaluate(target.expression, scope);
    const key = ts.isPropertyAccessExpression(target)
      ? target.name.text
      : String(evaluate(target.argumentExpression, scope));
    if (object instanceof Instance) object.fields[key] = value;
    else if (isPlainObject(object)) object[key] = value;
    else if (Array.isArray(object) && /^\d+$/.test(key)) object[Number(key)] = value;
    else throw new NotLiteral(`assignment at ${where(target)}`);
    return;
  }
  if (ts.isParenthesizedExpression(target) || ts.isAsExpression(target) || ts.isNonNullExpression(target)) {
    assign(target.expression, value, scope);
    return;
  }
  throw new NotLiteral(`assignment at ${where(target)}`);
}

/**
 * @param {ts.CallExpression} node
 * @param {Scope} scope
 * @returns {unknown}
 */
function evaluateCall(node, scope) {
  const calleeNode = node.expression;
  if (calleeNode.kind === ts.SyntaxKind.SuperKeyword) throw new NotLiteral(`super() outside a constructor`);
  if (ts.isIdentifier(calleeNode) && calleeNode.text === 'require' && node.arguments.length === 1) {
    const specifier = node.arguments[0];
    if (ts.isStringLiteral(specifier)) {
      const target = scope.module.program.resolve(scope.module.file, specifier.text);
      return target
        ? new ModuleNamespace(scope.module.program.module(target))
        : new ExternalRef(specifier.text, '*', `require('${specifier.text}')`);
    }
  }
  const callee = evaluate(calleeNode, scope);
  if (node.questionDotToken && (callee === undefined || callee === null)) return undefined;
  const calleeName = ts.isIdentifier(calleeNode)
    ? calleeNode.text
    : ts.isPropertyAccessExpression(calleeNode)
      ? calleeNode.name.text
      : shortText(calleeNode);
  if (/BaseClasses$/.test(calleeName) && (callee instanceof FunctionRef || callee instanceof ExternalRef)) {
    return baseClassCall(calleeName, node, scope);
  }
  /** @type {unknown[]} */
  const args = [];
  for (const argument of node.arguments) {
    if (ts.isSpreadElement(argument)) {
      const value = evaluate(argument.expression, scope);
      if (!Array.isArray(value)) throw new NotLiteral(`spread argument at ${where(argument)}`);
      args.push(...value);
    } else args.push(evaluate(argument, scope));
  }
  if (callee instanceof ArrayMethod) return callArrayMethod(callee, args, node);
  if (callee instanceof StringMethod) return callStringMethod(callee, args, node);
  if (callee instanceof FunctionRef) return callHelper(callee, args, undefined);
  if (callee instanceof BoundMethod) return callHelper(callee.fn, args, callee.instance);
  const global = callGlobal(calleeNode, args);
  if (global.handled) return global.value;
  if (callee instanceof ExternalRef) return new Unresolved(callee.text);
  if (callee instanceof Unresolved) return callee;
  return new Unresolved(shortText(calleeNode));
}

/**
 * `getBaseClasses(X)`: the class passed and where it comes from.
 * @param {string} call
 * @param {ts.CallExpression} node
 * @param {Scope} scope
 */
function baseClassCall(call, node, scope) {
  const argument = node.arguments[0];
  if (!argument) return new BaseClassCall(call);
  if (!ts.isIdentifier(argument)) return new BaseClassCall(call, {arg: shortText(argument)});
  // A local binding (a parameter, a local class) is defined in this file.
  for (let current = /** @type {Scope | null} */ (scope); current; current = current.parent) {
    if (current.names.has(argument.text))
      return new BaseClassCall(call, {arg: argument.text, argFile: scope.module.file});
  }
  const origin = scope.module.origin(argument.text);
  if (!origin) return new BaseClassCall(call, {arg: argument.text});
  if ('file' in origin) return new BaseClassCall(call, {arg: argument.text, argFile: origin.file});
  return new BaseClassCall(call, {
    arg: argument.text,
    argFrom: origin.module,
    ...(origin.exportName !== argument.text && origin.exportName !== '*' && origin.exportName !== 'default'
      ? {argExport: origin.exportName}
      : {}),
  });
}

/**
 * Calls of a few built-ins with literal arguments (`Object.keys`, `JSON.stringify`, `Array.isArray`…).
 * @param {ts.Expression} callee
 * @param {unknown[]} args
 * @returns {{handled: boolean, value?: unknown}}
 */
function callGlobal(callee, args) {
  const text = callee.getText();
  if (!args.every(isKnown)) return {handled: false};
  switch (text) {
    case 'Object.keys':
      return {handled: true, value: Object.keys(/** @type {object} */ (args[0]))};
    case 'Object.values':
      return {handled: true, value: Object.values(/** @type {object} */ (args[0]))};
    case 'Object.entries':
      return {handled: true, value: Object.entries(/** @type {object} */ (args[0]))};
    case 'Object.assign':
      return {handled: true, value: Object.assign(/** @type {object} */ (args[0]), ...args.slice(1))};
    case 'JSON.stringify':
      return {handled: true, value: JSON.stringify(args[0], null, /** @type {number} */ (args[2]))};
    case 'Array.isArray':
      return {handled: true, value: Array.isArray(args[0])};
    case 'String':
      return {handled: true, value: String(args[0])};
    case 'Number':
      return {handled: true, value: Number(args[0])};
    case 'Boolean':
      return {handled: true, value: Boolean(args[0])};
  }
  return {handled: false};
}

/**
 * @param {ArrayMethod} method
 * @param {unknown[]} args
 * @param {ts.Node} node
 * @returns {unknown}
 */
function callArrayMethod(method, args, node) {
  const array = method.array;
  switch (method.name) {
    case 'push':
      array.push(...args);
      return array.length;
    case 'unshift':
      array.unshift(...args);
      return array.length;
    case 'concat':
      return array.concat(...args);
    case 'join':
      if (!array.every(isPrimitive)) return mergeUnresolved(array.filter((x) => !isPrimitive(x)).map(toUnresolved));
      return array.join(/** @type {string | undefined} */ (args[0]));
    case 'includes':
      return array.includes(args[0]);
    case 'indexOf':
      return array.indexOf(args[0]);
    case 'slice':
      return array.slice(/** @type {number} */ (args[0]), /** @type {number} */ (args[1]));
    case 'map':
    case 'filter':
    case 'find':
    case 'some':
    case 'every':
    case 'forEach':
    case 'flatMap':
      return callArrayCallback(method, args[0], node);
  }
  throw new NotLiteral(`array method ${method.name} at ${where(node)}`);
}

/**
 * `array.map(fn)` and its kin, with a repository function or arrow whose body is literal.
 * @param {ArrayMethod} method
 * @param {unknown} callback
 * @param {ts.Node} node
 */
function callArrayCallback(method, callback, node) {
  if (callback instanceof ExternalRef && callback.text === 'Boolean' && method.name === 'filter') {
    return method.array.filter(Boolean);
  }
  if (!(callback instanceof FunctionRef)) throw new NotLiteral(`callback of ${method.name} at ${where(node)}`);
  const results = method.array.map((item, index) => callFunction(callback, [item, index, method.array], undefined));
  switch (method.name) {
    case 'map':
      return results;
    case 'flatMap':
      return results.flat();
    case 'filter':
      return method.array.filter((_, index) => truth(results[index], node));
    case 'find':
      return method.array.find((_, index) => truth(results[index], node));
    case 'some':
      return results.some((result) => truth(result, node));
    case 'every':
      return results.every((result) => truth(result, node));
    default:
      return undefined;
  }
}

/**
 * The truth of a literal value.
 * @param {unknown} value
 * @param {ts.Node} node
 */
function truth(value, node) {
  if (isPrimitive(value)) return Boolean(value);
  if (isTruthyObject(value)) return true;
  throw new NotLiteral(`condition not literal at ${where(node)}`);
}

/**
 * @param {StringMethod} method
 * @param {unknown[]} args
 * @param {ts.Node} node
 * @returns {unknown}
 */
function callStringMethod(method, args, node) {
  const s = method.string;
  if (!args.every(isPrimitive)) return mergeUnresolved(args.filter((x) => !isPrimitive(x)).map(toUnresolved));
  const a = /** @type {any[]} */ (args);
  switch (method.name) {
    case 'toLowerCase':
      return s.toLowerCase();
    case 'toUpperCase':
      return s.toUpperCase();
    case 'trim':
      return s.trim();
    case 'split':
      return s.split(a[0]);
    case 'replace':
      return s.replace(a[0], a[1]);
    case 'startsWith':
      return s.startsWith(a[0]);
    case 'endsWith':
      return s.endsWith(a[0]);
    case 'includes':
      return s.includes(a[0]);
    case 'slice':
      return s.slice(a[0], a[1]);
    case 'concat':
      return s.concat(...a);
  }
  throw new NotLiteral(`string method ${method.name} at ${where(node)}`);
}

/**
 * Calls a repository function. When its body is literal, its result (and the changes it makes to the arrays and
 * objects passed to it) is what running it would give, and the call is recorded in `program.expanded`. When it is
 * not, the result is unresolved, named after the function, with the environment variables its body reads.
 * @param {FunctionRef} fn
 * @param {unknown[]} args
 * @param {unknown} thisValue
 * @returns {unknown}
 */
export function callHelper(fn, args, thisValue) {
  const program = fn.module.program;
  if (program.depth >= program.maxDepth) return new Unresolved(fn.name, envReadsOf(fn.node));
  const mark = program.expanded.length;
  program.depth++;
  try {
    const result = callFunction(fn, args, thisValue);
    if (!isKnown(result) && result !== undefined) {
      program.expanded.length = mark;
      return new Unresolved(fn.name, envReadsOf(fn.node));
    }
    if (program.depth === 1 && program.moduleLevel === 0 && fn.name !== '(anonymous)') {
      program.expanded.push({name: fn.name, file: fn.module.file});
    }
    return result;
  } catch (error) {
    if (!(error instanceof NotLiteral)) throw error;
    program.expanded.length = mark;
    return new Unresolved(fn.name, envReadsOf(fn.node));
  } finally {
    program.depth--;
  }
}

/**
 * The environment variables a function's body reads as `process.env.X` or `process.env['X']`.
 * @param {ts.Node} node
 * @returns {string[]}
 */
export function envReadsOf(node) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {ts.Node} child */
  const visit = (child) => {
    if (
      (ts.isPropertyAccessExpression(child) || ts.isElementAccessExpression(child)) &&
      child.expression.getText() === 'process.env'
    ) {
      if (ts.isPropertyAccessExpression(child)) names.add(child.name.text);
      else if (ts.isStringLiteralLike(child.argumentExpression)) names.add(child.argumentExpression.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return [...names].sort();
}

/** The value a `return` statement carries out of the statements interpreter. */
class Return {
  /** @param {unknown} value */
  constructor(value) {
    this.value = value;
  }
}

/**
 * Runs a function's body with literal arguments.
 * @param {FunctionRef} fn
 * @param {unknown[]} args
 * @param {unknown} thisValue
 * @returns {unknown}
 * @throws {NotLiteral} when a statement is not literal
 */
export function callFunction(fn, args, thisValue) {
  const node = fn.node;
  if (hasModifier(node, ts.SyntaxKind.AsyncKeyword) || node.asteriskToken) throw new NotLiteral(`async ${fn.name}`);
  const scope = new Scope(fn.scope, fn.module, ts.isArrowFunction(node) ? fn.scope.thisValue : thisValue);
  bindParameters(node.parameters, args, scope);
  if (!node.body) throw new NotLiteral(`${fn.name} has no body`);
  if (!ts.isBlock(node.body)) return evaluate(node.body, scope);
  const result = runStatements(node.body.statements, scope);
  return result instanceof Return ? result.value : undefined;
}

/**
 * @param {ts.NodeArray<ts.ParameterDeclaration>} parameters
 * @param {unknown[]} args
 * @param {Scope} scope
 */
function bindParameters(parameters, args, scope) {
  parameters.forEach((parameter, index) => {
    if (parameter.dotDotDotToken) {
      bindPattern(parameter.name, args.slice(index), scope);
      return;
    }
    let value = args[index];
    if (value === undefined && parameter.initializer) value = evaluate(parameter.initializer, scope);
    bindPattern(parameter.name, value, scope);
  });
}

/**
 * Runs statements; returns a {@link Return} when one returns.
 * @param {readonly ts.Statement[]} statements
 * @param {Scope} scope
 * @returns {Return | undefined}
 */
export function runStatements(statements, scope) {
  for (const statement of statements) {
    const result = runStatement(statement, scope);
    if (result) return result;
  }
  return undefined;
}

/**
 * @param {ts.Statement} statement
 * @param {Scope} scope
 * @returns {Return | undefined}
 */
function runStatement(statement, scope) {
  if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer ? evaluate(declaration.initializer, scope) : undefined;
      bindPattern(declaration.name, value, scope);
    }
    return undefined;
  }
  if (ts.isExpressionStatement(statement)) {
    evaluate(statement.expression, scope);
    return undefined;
  }
  if (ts.isReturnStatement(statement)) {
    return new Return(statement.expression ? evaluate(statement.expression, scope) : undefined);
  }
  if (ts.isBlock(statement)) return runStatements(statement.statements, new Scope(scope, scope.module));
  if (ts.isIfStatement(statement)) {
    const condition = evaluate(statement.expression, scope);
    if (truth(condition, statement)) return runStatement(statement.thenStatement, scope);
    return statement.elseStatement ? runStatement(statement.elseStatement, scope) : undefined;
  }
  if (ts.isForOfStatement(statement)) {
    const iterable = evaluate(statement.expression, scope);
    if (!Array.isArray(iterable)) throw new NotLiteral(`for-of over runtime data at ${where(statement)}`);
    const initializer = statement.initializer;
    if (!ts.isVariableDeclarationList(initializer)) throw new NotLiteral(`for-of target at ${where(statement)}`);
    for (const item of iterable) {
      const inner = new Scope(scope, scope.module);
      bindPattern(initializer.declarations[0].name, item, inner);
      const result = runStatement(statement.statement, inner);
      if (result) return result;
    }
    return undefined;
  }
  if (ts.isEmptyStatement(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
    return undefined;
  }
  if (ts.isFunctionDeclaration(statement) && statement.name) {
    scope.names.set(statement.name.text, new FunctionRef(statement, scope.module, scope, statement.name.text));
    return undefined;
  }
  throw new NotLiteral(`${ts.SyntaxKind[statement.kind]} at ${where(statement)}`);
}

/**
 * The repository class a class extends, or null (no `extends`, or an npm class).
 * @param {ClassRef} cls
 * @returns {ClassRef | null}
 */
export function superClass(cls) {
  const heritage = cls.node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  const expression = heritage?.types[0]?.expression;
  if (!expression) return null;
  try {
    const base = evaluate(expression, cls.module.scope);
    return base instanceof ClassRef ? base : null;
  } catch (error) {
    if (error instanceof NotLiteral) return null;
    throw error;
  }
}

/**
 * Builds an instance of a repository class: runs its field initializers and constructor, and those of the
 * repository classes it extends (through `super(…)`).
 * @param {ClassRef} cls
 * @param {unknown[]} args
 * @returns {Instance}
 */
export function construct(cls, args) {
  const instance = new Instance(cls);
  runConstructor(cls, instance, args);
  return instance;
}

/**
 * @param {ClassRef} cls
 * @param {Instance} instance
 * @param {unknown[]} args
 */
function runConstructor(cls, instance, args) {
  const base = superClass(cls);
  const constructor = cls.node.members.find(
    /** @returns {member is ts.ConstructorDeclaration} */ (member) =>
      ts.isConstructorDeclaration(member) && !!member.body,
  );
  const scope = new Scope(cls.module.scope, cls.module, instance);
  const initializeFields = () => {
    for (const member of cls.node.members) {
      if (
        ts.isPropertyDeclaration(member) &&
        member.initializer &&
        !hasModifier(member, ts.SyntaxKind.StaticKeyword) &&
        member.name &&
        (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
      ) {
        instance.fields[member.name.text] = evaluateOrUnresolved(member.initializer, scope);
      }
    }
  };
  if (!constructor?.body) {
    if (base) runConstructor(base, instance, args);
    initializeFields();
    return;
  }
  bindParameters(constructor.parameters, args, scope);
  if (!base) initializeFields();
  for (const statement of constructor.body.statements) {
    if (
      ts.isExpressionStatement(statement) &&
      ts.isCallExpression(statement.expression) &&
      statement.expression.expression.kind === ts.SyntaxKind.SuperKeyword
    ) {
      if (base) {
        const superArgs = statement.expression.arguments.map((argument) => evaluateOrUnresolved(argument, scope));
        runConstructor(base, instance, superArgs);
      }
      initializeFields();
      continue;
    }
    try {
      const result = runStatement(statement, scope);
      if (result) break;
    } catch (error) {
      if (!(error instanceof NotLiteral)) throw error;
      recordProblem(cls.module.program, `${cls.name}: ${error.message}`);
      const target = assignmentTarget(statement);
      if (target)
        instance.fields[target] = new Unresolved(
          shortText(/** @type {ts.ExpressionStatement} */ (statement).expression),
        );
    }
  }
}

/**
 * The field a statement `this.x = …` assigns, if it is one.
 * @param {ts.Statement} statement
 * @returns {string | undefined}
 */
function assignmentTarget(statement) {
  if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) return undefined;
  const left = statement.expression.left;
  if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword) return left.name.text;
  return undefined;
}

/**
 * @param {Program} program
 * @param {string} message
 */
function recordProblem(program, message) {
  program.problems.push(message);
}
