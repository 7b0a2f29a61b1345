// The house order, enforced by the linter (issue 61): which folder of main/ may import which, and which
// files may touch the file system. Both are allowlists: an edge or a file not named here fails
// `npm run check` (an upward import such as main/profiles → main/report, or `import { readFile } from
// 'fs'` in main/watch). Widening one is a decision made here, in review, never by accident.
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * For each folder of main/ ('.' is main/ itself), the folders it may import from. '@common' and
 * '@preload' are the shared folders beside main/. A folder always imports from itself.
 */
export const FOLDER_IMPORTS = {
  '.': [
    '@preload',
    'api',
    'community',
    'cost',
    'db',
    'demo',
    'export',
    'import',
    'profiles',
    'push',
    'query',
    'secrets',
    'sync',
    'time',
    'watch',
  ],
  analysis: ['.', '@common', '@preload', 'db', 'export', 'time'],
  api: ['.', '@common', '@preload', 'doors', 'time'],
  app: ['.', '@preload', 'export'],
  cli: [
    '.',
    '@common',
    '@preload',
    'analysis',
    'api',
    'community',
    'cost',
    'db',
    'doors',
    'export',
    'import',
    'profiles',
    'report',
    'secrets',
    'slp',
    'sync',
    'time',
    'watch',
  ],
  community: ['.', '@common', '@preload', 'analysis', 'cost', 'db', 'demo', 'doors', 'import', 'time'],
  // '@resources': the tariff reference (resources/tariffs/*.json, issue 62), bundled as data and checked
  // by cost/reference/reference-data.ts before any preset is built from it.
  cost: ['.', '@common', '@preload', '@resources', 'analysis', 'db', 'doors', 'export', 'import', 'time'],
  db: ['.', '@common', '@preload', 'api', 'doors', 'time'],
  demo: ['time'],
  doors: ['.', '@common'],
  export: ['.', '@common', '@preload', 'analysis', 'cost', 'db', 'slp', 'time'],
  handlers: [
    '.',
    '@common',
    '@preload',
    'analysis',
    'api',
    'community',
    'cost',
    'db',
    'doors',
    'export',
    'import',
    'profiles',
    'query',
    'report',
    'time',
    'watch',
  ],
  import: ['.', '@common', '@preload', 'db', 'threads', 'time'],
  profiles: ['.', '@common', 'time'],
  push: ['api', 'doors', 'time'],
  query: ['.', 'analysis', 'community', 'cost', 'db', 'export', 'report', 'slp', 'threads', 'time', 'watch'],
  report: ['.', '@common', '@preload', 'analysis', 'community', 'cost', 'db', 'doors', 'slp', 'time'],
  secrets: ['.'],
  slp: ['.', '@common', '@preload', 'analysis', 'cost', 'db', 'export', 'time'],
  sync: ['.', '@preload', 'api', 'db', 'threads', 'time'],
  threads: ['.', '@preload'],
  time: ['@common'],
  watch: ['.', '@preload', 'analysis', 'db', 'time'],
};

/**
 * The files of main/ that may import the file system (fs, fs/promises): the doors, the database's
 * opening and backup, the export writers, and these named places. Anything else reads through a door.
 */
export const FS_FILES = [
  'main/cli/account-commands.ts',
  'main/cli/analyze-command.ts',
  'main/cli/backup-command.ts',
  'main/cli/backup-files.ts',
  'main/cli/lists-command.ts',
  'main/cli/report-command.ts',
  'main/cli/tariffs-command.ts',
  'main/db/backup.ts',
  'main/db/migrate.ts',
  'main/db/open.ts',
  'main/doors/file-bytes.ts',
  'main/export/csv.ts',
  'main/export/file-names.ts',
  'main/export/partials.ts',
  'main/export/table-csv.ts',
  'main/export/whole-file.ts',
  'main/handlers/app.ts',
  'main/handlers/backup.ts',
  'main/handlers/exports.ts',
  'main/import/custom-formats.ts',
  'main/profiles/place.ts',
  'main/profiles/registry.ts',
  'main/profiles/team-copies.ts',
  'main/profiles/team-profiles.ts',
  'main/report/document/fonts.ts',
  'main/slp/standard-profile.ts',
  'main/start-worker.ts',
  'main/sync-status.ts',
];

const FS = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);

/** The project-relative path of the file being linted, with forward slashes. */
export const projectPath = (context) =>
  relative(context.cwd ?? process.cwd(), context.filename)
    .split(sep)
    .join('/');

/** The folder of main/ a project path lies in ('.' for main/ itself), or null outside main/. */
function folderOf(path) {
  if (!path.startsWith('main/')) return null;
  const parts = path.slice('main/'.length).split('/');
  return parts.length > 1 ? parts[0] : '.';
}

/** The folder an import names, from the importing file: a folder of main/, '@common', or null. */
function targetOf(context, spec) {
  if (!spec.startsWith('.')) return null;
  const cwd = context.cwd ?? process.cwd();
  const target = relative(cwd, resolve(dirname(context.filename), spec))
    .split(sep)
    .join('/');
  if (target.startsWith('main/')) return folderOf(target) ?? '.';
  if (target === 'main') return '.';
  return `@${target.split('/')[0]}`;
}

/** Every module a file names: static imports, re-exports and dynamic import() of a literal. */
function onSources(check) {
  const of = (node) =>
    node.source && typeof node.source.value === 'string' && check(node.source, node.source.value);
  return {
    ImportDeclaration: of,
    ExportNamedDeclaration: of,
    ExportAllDeclaration: of,
    ImportExpression: of,
  };
}

const folderImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder of main/ imports only the folders its row of the house order names.' },
    schema: [],
  },
  create(context) {
    const path = projectPath(context);
    const from = folderOf(path);
    if (from === null) return {};
    const allowed = FOLDER_IMPORTS[from];
    return onSources((node, spec) => {
      const to = targetOf(context, spec);
      if (to === null || to === from) return;
      if (!allowed)
        context.report({
          node,
          message: `main/${from}/ has no row in the house order (eslint-rules/house-order.js): add one, with the folders it may import.`,
        });
      else if (!allowed.includes(to))
        context.report({
          node,
          message: `main/${from === '.' ? '' : `${from}/`} may not import ${to.startsWith('@') ? to.slice(1) : `main/${to}`}/ (the house order, eslint-rules/house-order.js): move the code down, or pass what it needs in.`,
        });
    });
  },
};

const fsCapability = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the named files of main/ touch the file system; the rest go through a door.' },
    schema: [],
  },
  create(context) {
    const path = projectPath(context);
    if (!path.startsWith('main/') || FS_FILES.includes(path)) return {};
    return onSources((node, spec) => {
      if (FS.has(spec))
        context.report({
          node,
          message: `${path} may not use the file system: read through main/doors/ (file-bytes.ts), write through main/export/, or name the file in FS_FILES (eslint-rules/house-order.js).`,
        });
    });
  },
};

export const houseOrder = { rules: { 'folder-imports': folderImports, 'fs-capability': fsCapability } };
