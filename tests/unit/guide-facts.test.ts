import {describe, expect, it} from 'vitest';
import {listSources, readSource, type SourcePage} from './content-utils';
import {
  apiCalls,
  apiPorts,
  customElements,
  envMentions,
  installedPackages,
  normalisePath,
  scriptsRun,
} from './guide-facts';
import {apiServers} from '../../config/api';
import {envFacts, findRoute, packageFacts, productRoutes, serverEnvironmentVariables} from '../../lib/product';

const pages: SourcePage[] = [
  ...listSources('docs'),
  ...listSources('blog'),
  ...listSources('api-docs').filter((file) => !/^api-docs\/[\w-]+\/.+\.api\.mdx$/.test(file)),
]
  .filter((file) => file.endsWith('.mdx') || file.endsWith('.md'))
  .map(readSource);

/** Pages about running the server yourself: every variable-like name in their inline code is checked. */
const isSelfHostingPage = (file: string) => file.startsWith('docs/developers/');

/**
 * Variables the server reads that the facts cannot see, each with the product fact that justifies it. The facts
 * list what the product's own code reads; these are read by a package the server loads for that purpose.
 */
const readByServerPackages: Readonly<Record<string, string>> = {
  GLOBAL_AGENT_HTTP_PROXY:
    "the global-agent package, which packages/server/src/index.ts loads with import 'global-agent/bootstrap'",
  GLOBAL_AGENT_HTTPS_PROXY: 'the global-agent package (see GLOBAL_AGENT_HTTP_PROXY)',
  GLOBAL_AGENT_NO_PROXY: 'the global-agent package (see GLOBAL_AGENT_HTTP_PROXY)',
};
const knownVariables = new Set([...serverEnvironmentVariables(), ...Object.keys(readByServerPackages)]);
/** Operating-system variables the code reads; a guide need not list them. */
const systemVariables = new Set(['HOME', 'PATH', 'USERPROFILE']);

/** The hosts of the API's servers; a call to the product's own domain must use one of them. */
const serverHosts = apiServers.map((server) => new URL(server.url).host);
const isAllowedHost = (host: string) => {
  const name = host.replace(/^https?:\/\//, '');
  return serverHosts.includes(name) || !/theanswer\.ai$/.test(name);
};

/** The path with `{param}` for each route parameter, to compare with a guide's normalised path. */
const routeShapes = productRoutes().map((route) => ({
  method: route.method,
  shape: normalisePath(route.path.replace(/^\/api\/v1/, '').replace(/:\w+/g, '{param}')) || '/',
}));

function isProductCall(method: string | undefined, path: string): boolean {
  return routeShapes.some(
    (route) =>
      (route.method === 'USE' ? path === route.shape || path.startsWith(`${route.shape}/`) : route.shape === path) &&
      (method === undefined || route.method === 'USE' || route.method === method),
  );
}

describe('what the guides say about the product agrees with the product facts', () => {
  it('find the pages', () => expect(pages.length).toBeGreaterThan(200));

  it('call only API paths and methods the server has', () => {
    const problems = pages.flatMap((page) =>
      apiCalls(page)
        .filter((call) => !isProductCall(call.method, call.path))
        .map(
          (call) =>
            `${page.file}: ${call.method ?? 'any method'} /api/v1${call.path} is not a route of the server: ${call.context}`,
        ),
    );
    expect(problems).toEqual([]);
  });

  it('send API calls to the cloud server, the self-hosted server on its port, or a placeholder', () => {
    const problems = pages.flatMap((page) => [
      ...apiCalls(page)
        .filter((call) => call.host && /^https?:/.test(call.host) && !isAllowedHost(call.host))
        .map((call) => `${page.file}: ${call.host}: ${call.context}`),
      ...apiPorts(page)
        .filter((port) => !serverHosts.some((host) => host.endsWith(`:${port.port}`)))
        .map(
          (port) => `${page.file}: the API listens on ${serverHosts.find((h) => h.includes(':'))}, not ${port.context}`,
        ),
    ]);
    expect(problems).toEqual([]);
  });

  it('name only environment variables the server reads', () => {
    const problems = pages.flatMap((page) =>
      envMentions(page, isSelfHostingPage(page.file))
        .filter((mention) => !knownVariables.has(mention.name))
        .map((mention) => `${page.file}: the server does not read ${mention.name}: ${mention.context}`),
    );
    expect(problems).toEqual([]);
  });

  it('list on the environment variables page every variable the server reads', () => {
    const page = pages.find((p) => p.file === 'docs/developers/environment-variables.mdx')!;
    const documented = new Set(envMentions(page, true).map((mention) => mention.name));
    const read = envFacts()
      .code.variables.filter((v) => !v.testOnly && !v.writeOnly)
      .map((v) => v.name);
    const missing = [...new Set([...read, ...envFacts().cliFlags.flags])].filter(
      (name) => !documented.has(name) && !systemVariables.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('install and load only the product’s embed packages under AnswerAI names', () => {
    const {npmNames} = packageFacts().embed.summary;
    const problems = pages.flatMap((page) =>
      installedPackages(page)
        .filter((pkg) => /embed|flowise|answerai|theanswer|^aai/i.test(pkg.name) && !npmNames.includes(pkg.name))
        .map(
          (pkg) => `${page.file}: ${pkg.name} is not a package of the product (${npmNames.join(', ')}): ${pkg.context}`,
        ),
    );
    expect(problems).toEqual([]);
  });

  it('use only the custom elements the product’s embed snippets use', () => {
    const {customElementNames} = packageFacts().embed.summary;
    const problems = pages.flatMap((page) =>
      customElements(page)
        .filter((element) => !customElementNames.includes(element.name))
        .map(
          (element) => `${page.file}: <${element.name}> is not an element of the product's widget: ${element.context}`,
        ),
    );
    expect(problems).toEqual([]);
  });

  it('run only npm scripts the product’s packages define', () => {
    const scripts = new Set(packageFacts().packages.flatMap((pkg) => pkg.scripts ?? []));
    const problems = pages.flatMap((page) =>
      scriptsRun(page)
        .filter((script) => !scripts.has(script.name))
        .map((script) => `${page.file}: no package of the product has the script "${script.name}": ${script.context}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('the extractors', () => {
  const page = (body: string, file = 'docs/developers/x.mdx'): SourcePage => ({file, data: {}, body});

  it('find API calls with their methods in curl, fetch and prose', () => {
    const calls = apiCalls(
      page(
        [
          '```bash',
          'curl -X POST "https://prod.studio.theanswer.ai/api/v1/prediction/$CHATFLOW_ID" \\',
          '  -d \'{"question": "Hi"}\'',
          'curl http://localhost:4000/api/v1/ping',
          '```',
          'Call `DELETE /api/v1/chatmessage/{id}?chatId=abc`.',
        ].join('\n'),
      ),
    );
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/prediction/{param}'],
      ['GET', '/ping'],
      ['DELETE', '/chatmessage/{param}'],
    ]);
    expect(isProductCall('POST', '/prediction/{param}')).toBe(true);
    expect(isProductCall('GET', '/attachments/{param}')).toBe(false);
    expect(findRoute('GET', '/api/v1/ping')).toBeDefined();
  });

  it('find environment variables, but not the shell variables of the page’s own examples', () => {
    const mentions = envMentions(
      page(
        '```bash\nexport CHATFLOW_ID=abc\n```\n\n```env\nPORT=4000\nNOT_READ_ANYWHERE=1\n```\n\nSet `CHATFLOW_ID` and `DATABASE_TYPE`.',
      ),
      true,
    ).map((m) => m.name);
    expect(mentions).toEqual(['PORT', 'NOT_READ_ANYWHERE', 'DATABASE_TYPE']);
    expect(envMentions(page('Rate with `THUMBS_UP`.', 'docs/using-answerai/x.mdx'), false)).toEqual([]);
  });

  it('find ports, packages, custom elements and scripts', () => {
    expect(apiPorts(page('Open http://localhost:3000/api/v1/ping')).map((p) => p.port)).toEqual(['3000']);
    expect(installedPackages(page('```bash\nnpm install flowise-embed@latest react\n```')).map((p) => p.name)).toEqual([
      'flowise-embed',
      'react',
    ]);
    expect(
      customElements(page('```html\n<flowise-fullchatbot></flowise-fullchatbot>\n```')).map((e) => e.name),
    ).toEqual(['flowise-fullchatbot']);
    expect(scriptsRun(page('```bash\npnpm install\npnpm dev\nnpm run start:docs\n```')).map((s) => s.name)).toEqual([
      'dev',
      'start:docs',
    ]);
  });
});
