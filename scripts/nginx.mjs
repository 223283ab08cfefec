#!/usr/bin/env node
/**
 * Runs the production nginx configuration (deploy/nginx.conf) against the
 * built site on a loopback port, with the security headers of
 * deploy/headers.mjs. Used by the tests and by `npm run serve:nginx`.
 *
 *   node scripts/nginx.mjs [port]   serve build/ until Ctrl+C (default port 8080)
 *
 * Needs Debian's nginx (`/usr/sbin/nginx`); loads the brotli module when installed.
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {inlineScriptHashes, nginxSecurityHeaders} from '../deploy/headers.mjs';
import {nginxRedirects} from '../deploy/redirects.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's brotli filter module (package libnginx-mod-http-brotli-filter), loaded when installed. */
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/**
 * Writes the nginx prefix folder (main config, site config, headers) and returns the main config's path.
 * @param {{buildDir: string, port: number, prefix: string}} options the build folder (absolute, or relative to the
 *   working directory: nginx itself would read a relative root against its prefix), the port and the prefix folder.
 * @returns {{mainFile: string, brotli: boolean}}
 * @throws Error when the build folder has no index.html.
 */
export function writeConfig({buildDir, port, prefix}) {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`${buildDir} has no index.html: run "npm run build" first.`);
  }
  mkdirSync(path.join(prefix, 'tmp'), {recursive: true});
  const headersFile = path.join(prefix, 'security-headers.conf');
  writeFileSync(headersFile, nginxSecurityHeaders(inlineScriptHashes(buildDir)));
  const site = readFileSync(path.join(siteDir, 'deploy', 'nginx.conf'), 'utf8')
    .replaceAll('@PORT@', `127.0.0.1:${port}`)
    .replaceAll('@ROOT@', path.resolve(buildDir))
    .replaceAll('@HEADERS@', headersFile)
    // The placeholder's own line (its mention in the header comment stays as it is).
    .replace(/^ *@REDIRECTS@$/m, (line) => line.replace('@REDIRECTS@', nginxRedirects()));
  writeFileSync(path.join(prefix, 'site.conf'), site);
  const brotli = existsSync(brotliModule);
  const main = [
    ...(brotli ? [`load_module ${brotliModule};`] : []),
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    '    sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `    ${kind}_temp_path ${path.join(prefix, 'tmp', kind)};`,
    ),
    ...(brotli
      ? [
          '    brotli on;',
          '    brotli_comp_level 6;',
          '    brotli_types text/plain text/css text/xml text/markdown application/javascript application/json application/xml application/rss+xml application/atom+xml application/yaml image/svg+xml;',
        ]
      : []),
    `    include ${path.join(prefix, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
  const mainFile = path.join(prefix, 'nginx.conf');
  writeFileSync(mainFile, main);
  return {mainFile, brotli};
}

function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on port ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Starts nginx in the foreground of a child process.
 * @param {{port: number, buildDir?: string, prefix?: string}} options
 * @returns {Promise<{url: string, brotli: boolean, stop: () => Promise<void>}>}
 * @throws Error when nginx is missing, the config is invalid or the port stays closed.
 */
export async function startNginx({
  port,
  buildDir = path.join(siteDir, 'build'),
  prefix = path.join(siteDir, '.nginx', String(port)),
}) {
  if (!existsSync(nginxBinary)) throw new Error(`nginx not found at ${nginxBinary}: apt-get install nginx`);
  const {mainFile, brotli} = writeConfig({buildDir, port, prefix});
  const child = spawn(nginxBinary, ['-p', prefix, '-c', mainFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForPort(port, 10_000),
    exited.then((code) => {
      throw new Error(`nginx exited with code ${code}; see ${path.join(prefix, 'error.log')}`);
    }),
  ]);
  return {
    url: `http://127.0.0.1:${port}`,
    brotli,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8080);
  startNginx({port})
    .then((server) => {
      console.log(`Serving build/ with the production nginx configuration at ${server.url} (brotli: ${server.brotli})`);
      const stop = () => server.stop().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
