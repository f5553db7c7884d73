// `npm start` builds the web app only when something it is built from changed since the last
// build (or there is none): the newest modification time and the number of its source files are
// kept beside the build in apps/web/dist/.sources.json.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, 'dist/.sources.json');
const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', 'packages/contracts/src', 'packages/core/src', 'package-lock.json'];

function state() {
  let newest = 0;
  let files = 0;
  for (const input of inputs.map((p) => path.join(root, p))) {
    if (!existsSync(input)) continue;
    const stat = statSync(input);
    const list = stat.isDirectory() ? readdirSync(input, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name)) : [input];
    for (const file of list) {
      files++;
      newest = Math.max(newest, statSync(file).mtimeMs);
    }
  }
  return { newest, files };
}

const now = state();
let built;
try {
  built = JSON.parse(readFileSync(stampFile, 'utf8'));
} catch {
  built = undefined;
}
if (built && built.newest === now.newest && built.files === now.files && existsSync(path.join(web, 'dist/index.html'))) {
  console.log('web app unchanged since its last build: not building it again');
} else {
  execSync('npm run build -w @mdc/web', { cwd: root, stdio: 'inherit' });
  writeFileSync(stampFile, JSON.stringify(now));
}
