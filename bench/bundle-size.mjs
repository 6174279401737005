#!/usr/bin/env node
// What the /login page downloads before its first render, gzip-compressed (level 9):
//  - the entry script, modulepreload links and stylesheets of apps/web/dist/index.html,
//  - every chunk those import statically (`import ... from "./x.js"` in the built files),
//  - the lazy chunk of the sign-in route and its static imports: from the Vite manifest
//    (apps/web/dist/.vite/manifest.json, emitted with `build.manifest: true`) when present,
//    else the chunk files whose name contains "Login".
//
//   node bench/bundle-size.mjs [--build]     (--build: run `npm run build -w apps/web` first;
//                                             it is run anyway when apps/web/dist/index.html is missing)
//
// Goal: total JavaScript < 100 KB gzip.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { flag } from './lib/args.mjs';
import { ROOT, WEB_DIST, passFail, round, writeResult } from './lib/server.mjs';

const GOAL_JS_KB = 100;
const MANIFEST = path.join(WEB_DIST, '.vite', 'manifest.json');
const LOGIN_SOURCE = /features\/auth\/pages\/LoginPage\.[jt]sx?$/;

function buildWeb() {
  console.log('bundle-size: running `npm run build -w apps/web` ...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('`npm run build -w apps/web` failed: the web app cannot be measured now');
}

/** "/assets/x.js" or "assets/x.js" or "./x.js" (relative to `from`) -> path relative to dist, e.g. "assets/x.js". */
function resolveAsset(ref, from = '') {
  const clean = ref.split(/[?#]/)[0];
  if (/^[a-z]+:\/\//i.test(clean) || clean.startsWith('//')) return undefined; // external
  if (clean.startsWith('/')) return clean.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), clean));
}

function attr(tag, name) {
  return new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
}

/** Entry script, modulepreloads and stylesheets named in index.html. */
function parseIndexHtml(html) {
  const found = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag))
      found.push({ file: resolveAsset(src), via: 'index.html <script type=module>' });
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') found.push({ file: resolveAsset(href), via: 'index.html modulepreload' });
    if (rel === 'stylesheet') found.push({ file: resolveAsset(href), via: 'index.html stylesheet' });
  }
  return found.filter((entry) => entry.file);
}

/**
 * Static imports of a built ES module: `import{a}from"./x.js"`, `import x from'./x.js'`, `import"./x.js"`,
 * `export{a}from"./x.js"`, `export*from"./x.js"`. Dynamic `import("./x.js")` is left out on purpose.
 */
function staticImports(code) {
  const specifiers = new Set();
  const pattern =
    /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)?(?:from\s*)?(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(pattern)) {
    const spec = match[2];
    if (spec.startsWith('.') || spec.startsWith('/')) specifiers.add(spec);
  }
  return [...specifiers];
}

function collect(startEntries) {
  const files = new Map(); // file -> via
  const queue = [...startEntries];
  while (queue.length) {
    const { file, via } = queue.shift();
    if (files.has(file)) continue;
    const full = path.join(WEB_DIST, file);
    if (!existsSync(full)) throw new Error(`${file} (${via}) is not in apps/web/dist: rebuild the web app`);
    files.set(file, via);
    if (file.endsWith('.js')) {
      for (const spec of staticImports(readFileSync(full, 'utf8'))) {
        const target = resolveAsset(spec, file);
        if (target) queue.push({ file: target, via: `static import in ${path.posix.basename(file)}` });
      }
    }
  }
  return files;
}

/** The sign-in route's lazy chunk(s) and their CSS, from the manifest or by file name. */
function loginChunks() {
  if (existsSync(MANIFEST)) {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    const keys = Object.keys(manifest).filter((key) => LOGIN_SOURCE.test(key) || manifest[key].name === 'LoginPage');
    if (keys.length === 0) throw new Error(`no LoginPage entry in ${MANIFEST}`);
    const entries = [];
    const seen = new Set();
    const visit = (key, via) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      entries.push({ file: chunk.file, via });
      for (const css of chunk.css ?? [])
        entries.push({ file: css, via: `css of ${path.posix.basename(chunk.file)} (manifest)` });
      for (const imported of chunk.imports ?? [])
        visit(imported, `import of ${path.posix.basename(chunk.file)} (manifest)`);
    };
    for (const key of keys) visit(key, `sign-in route lazy chunk (manifest: ${key})`);
    return { source: 'manifest', entries };
  }
  const assets = readdirSync(path.join(WEB_DIST, 'assets'));
  const matches = assets.filter((name) => /Login/.test(name) && /\.(js|css)$/.test(name));
  if (matches.length === 0) throw new Error('no chunk named *Login* in apps/web/dist/assets and no Vite manifest');
  return {
    source: 'file name contains "Login" (no .vite/manifest.json: set build.manifest: true in apps/web/vite.config.ts)',
    entries: matches.map((name) => ({
      file: `assets/${name}`,
      via: 'sign-in route lazy chunk (name contains "Login")',
    })),
  };
}

const kb = (bytes) => round(bytes / 1024, 1);

function main() {
  if (flag('build') || !existsSync(path.join(WEB_DIST, 'index.html'))) buildWeb();
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const initial = collect(parseIndexHtml(html));
  const login = loginChunks();
  const all = collect([...initial].map(([file, via]) => ({ file, via })).concat(login.entries));

  const rows = [...all].map(([file, via]) => {
    const raw = readFileSync(path.join(WEB_DIST, file));
    return {
      file,
      via,
      rawBytes: raw.length,
      gzipBytes: gzipSync(raw, { level: 9 }).length,
      type: file.endsWith('.css') ? 'css' : file.endsWith('.js') ? 'js' : 'other',
    };
  });
  rows.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
  const js = rows.filter((row) => row.type === 'js');
  const css = rows.filter((row) => row.type === 'css');
  const jsGzip = sum(js, 'gzipBytes');
  const pass = jsGzip / 1024 < GOAL_JS_KB;

  console.log(
    `bundle-size: apps/web/dist built ${statSync(path.join(WEB_DIST, 'index.html')).mtime.toISOString()}; sign-in chunk found by ${login.source}`,
  );
  const width = Math.max(...rows.map((row) => row.file.length));
  console.log(
    `bundle-size: ${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  loaded because`,
  );
  for (const row of rows) {
    console.log(
      `bundle-size: ${row.file.padEnd(width)}  ${String(kb(row.rawBytes)).padStart(8)}  ${String(kb(row.gzipBytes)).padStart(8)}  ${row.via}`,
    );
  }
  const lines = [
    `/login before first render: JS ${kb(jsGzip)} KB gzip in ${js.length} files (${kb(sum(js, 'rawBytes'))} KB raw) (goal < ${GOAL_JS_KB} KB) ${passFail(pass)}; CSS ${kb(sum(css, 'gzipBytes'))} KB gzip in ${css.length} files (no goal); JS+CSS ${kb(jsGzip + sum(css, 'gzipBytes'))} KB gzip`,
  ];
  for (const line of lines) console.log(`bundle-size: ${line}`);
  if (!existsSync(MANIFEST)) {
    console.log(
      'bundle-size: note: no apps/web/dist/.vite/manifest.json; set `build.manifest: true` in apps/web/vite.config.ts so the sign-in chunk is found from the manifest rather than by file name',
    );
  }
  const file = writeResult('bundle-size', {
    goalJsGzipKb: GOAL_JS_KB,
    loginChunkSource: login.source,
    manifestPresent: existsSync(MANIFEST),
    distBuiltAt: statSync(path.join(WEB_DIST, 'index.html')).mtime.toISOString(),
    totals: {
      jsGzipKb: kb(jsGzip),
      jsRawKb: kb(sum(js, 'rawBytes')),
      jsFiles: js.length,
      cssGzipKb: kb(sum(css, 'gzipBytes')),
      cssFiles: css.length,
    },
    files: rows.map((row) => ({ ...row, rawKb: kb(row.rawBytes), gzipKb: kb(row.gzipBytes) })),
    pass,
    summary: lines,
  });
  console.log(`bundle-size: ${passFail(pass)} (JSON: ${file})`);
  process.exitCode = pass ? 0 : 1;
}

try {
  main();
} catch (error) {
  console.error(`bundle-size: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
}
