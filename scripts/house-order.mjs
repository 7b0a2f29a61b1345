// The house order, measured from the source (used by test/unit/house-order.test.ts and printed by
// `node scripts/house-order.mjs`): runtime imports between the folders of main/ (type-only imports
// do not count: they vanish at build time), functions of 150+ lines, files over 400 lines (the i18n
// word lists aside), and SQL statements (`.prepare`/`.exec` with a literal) outside main/db/ and
// main/demo/, and refusals (`new AppError(…)` in main/) that carry no `reason` code for the UI's words.
// Read with the TypeScript compiler's parser, so an import is never missed by a regex.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { posix as path } from 'node:path';

const ts = createRequire(import.meta.url)('typescript');

function sources(dir) {
  const out = [];
  for (const e of readdirSync(dir)) {
    const p = `${dir}/${e}`;
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(e) && !e.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The folder a file of main/ belongs to: main/<folder>, or main/<file> for files directly in main/. */
export const folderOf = (f) => {
  const p = f.split('/');
  return 'main/' + (p.length > 2 ? p[1] : p[1].replace(/\.tsx?$/, ''));
};

/** Cycles of a directed graph (Map of node → Set of nodes): its strongly connected parts of 2+ nodes. */
export function cyclesOf(adj) {
  let idx = 0;
  const st = [];
  const on = new Set();
  const ix = new Map();
  const low = new Map();
  const cycles = [];
  const strong = (v) => {
    ix.set(v, idx);
    low.set(v, idx);
    idx++;
    st.push(v);
    on.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!ix.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), ix.get(w)));
    }
    if (low.get(v) === ix.get(v)) {
      const c = [];
      let w;
      do {
        w = st.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) cycles.push(c.sort());
    }
  };
  for (const v of adj.keys()) if (!ix.has(v)) strong(v);
  return cycles;
}

const SQL_START =
  /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE|PRAGMA|CREATE|DROP|ALTER|BEGIN|COMMIT|SAVEPOINT|RELEASE|ROLLBACK|VACUUM|ATTACH)\s/;

/**
 * The same in lower or mixed case, where the words after the keyword make it a statement (so "Select a
 * meter" is no SQL, "select id from meters" is), and a statement joined after another one's `;`.
 */
const SQL_ANY_CASE =
  /^\s*(select\s[\s\S]*\bfrom\b|insert\s+(or\s+\w+\s+)?into\b|update\s+\w+\s+set\b|delete\s+from\b|replace\s+into\b|with\s+(recursive\s+)?\w+(\s*\([^)]*\))?\s+as\s*\(|pragma\s+\w+|create\s+(table|index|unique|trigger|view|virtual|temp)\b|drop\s+(table|index|trigger|view)\b|alter\s+table\b|begin(\s+(immediate|exclusive|deferred))?\s*;?\s*$|commit\s*;?\s*$|rollback\s*;?\s*$|savepoint\s+\w+|vacuum\b|attach\s+)/i;
const SQL_JOINED = new RegExp(`;${SQL_ANY_CASE.source.slice(1)}`, 'i');

/** A string or template literal that holds an SQL statement (any case, at its start or after a `;`). */
function isSql(n) {
  return (
    (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n)) &&
    (SQL_START.test(n.text) || SQL_ANY_CASE.test(n.text) || SQL_JOINED.test(n.text))
  );
}

/** The SQL statements written in a source text, however they reach SQLite (prepare, exec, a variable). */
export function sqlStatementsIn(text) {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let n = 0;
  const visit = (node) => {
    if (isSql(node)) n++;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return n;
}

export function measure(root = '.') {
  const files = ['main', 'renderer', 'preload', 'common']
    .flatMap((d) => sources(path.join(root, d)))
    .map((f) => path.relative(root, f));
  const set = new Set(files);
  const resolve = (from, spec) => {
    if (!spec.startsWith('.')) return null;
    const base = path.normalize(path.join(path.dirname(from), spec));
    for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (set.has(c)) return c;
    return null;
  };
  const edges = [];
  const longFunctions = [];
  const bigFiles = [];
  const sqlOutsideDb = [];
  /** `new AppError(…)` in main/ (outside demo/) without a `reason`: a refusal the UI can word only generically. */
  const refusalsWithoutReason = [];
  let refusals = 0;
  for (const f of files) {
    const text = readFileSync(path.join(root, f), 'utf8');
    const lines = text.split('\n').length;
    if (lines > 400 && !/\/i18n\//.test(f)) bigFiles.push(f);
    const sqlCounted = f.startsWith('main/') && !f.startsWith('main/db/') && !f.startsWith('main/demo/');
    let sql = 0;
    const sf = ts.createSourceFile(
      f,
      text,
      ts.ScriptTarget.Latest,
      true,
      f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (n) => {
      // SQL is any string or template that starts with a statement's keyword, however it reaches SQLite
      // (prepare, exec, a variable, a helper): counted where it is written.
      if (sqlCounted && isSql(n)) sql++;
      if (
        ts.isFunctionDeclaration(n) ||
        ts.isArrowFunction(n) ||
        ts.isFunctionExpression(n) ||
        ts.isMethodDeclaration(n)
      ) {
        const a = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
        const b = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
        let name = n.name?.getText(sf);
        if (!name && n.parent && (ts.isVariableDeclaration(n.parent) || ts.isPropertyAssignment(n.parent)))
          name = n.parent.name.getText(sf);
        if (b - a + 1 >= 150) longFunctions.push(`${f} ${name ?? '(anonymous)'}`);
      }
      if (ts.isNewExpression(n) && n.expression.getText(sf) === 'AppError' && f.startsWith('main/'))
        refusals++;
      if (
        ts.isNewExpression(n) &&
        n.expression.getText(sf) === 'AppError' &&
        f.startsWith('main/') &&
        !f.startsWith('main/demo/') &&
        !(n.arguments ?? []).some((a) => /\breason\s*:/.test(a.getText(sf)))
      )
        refusalsWithoutReason.push(`${f}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`);
      if (ts.isImportDeclaration(n)) {
        const c = n.importClause;
        let typeOnly = !!c?.isTypeOnly;
        if (
          c &&
          !typeOnly &&
          !c.name &&
          c.namedBindings &&
          ts.isNamedImports(c.namedBindings) &&
          c.namedBindings.elements.length > 0 &&
          c.namedBindings.elements.every((e) => e.isTypeOnly)
        )
          typeOnly = true;
        const to = resolve(f, n.moduleSpecifier.text);
        if (to && !typeOnly) edges.push([f, to]);
      } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && !n.isTypeOnly) {
        const to = resolve(f, n.moduleSpecifier.text);
        if (to) edges.push([f, to]);
      } else if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteral(n.arguments[0])
      ) {
        const to = resolve(f, n.arguments[0].text);
        if (to) edges.push([f, to]);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    if (sql > 0) sqlOutsideDb.push([f, sql]);
  }
  const adj = new Map();
  const why = new Map();
  for (const [a, b] of edges) {
    if (!a.startsWith('main/') || !b.startsWith('main/')) continue;
    const x = folderOf(a);
    const y = folderOf(b);
    if (x === y) continue;
    if (!adj.has(x)) adj.set(x, new Set());
    adj.get(x).add(y);
    if (!why.has(`${x}→${y}`)) why.set(`${x}→${y}`, `${a} → ${b}`);
  }
  return {
    folderCycles: cyclesOf(adj),
    folderEdges: why,
    longFunctions,
    bigFiles,
    sqlOutsideDb,
    refusalsWithoutReason,
    refusals,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const m = measure();
  console.log(
    JSON.stringify({
      folderCycles: m.folderCycles,
      longFunctions: m.longFunctions.length,
      bigFiles: m.bigFiles.length,
      sqlOutsideDb: m.sqlOutsideDb.reduce((a, [, n]) => a + n, 0),
      refusalsWithoutReason: m.refusalsWithoutReason.length,
    }),
  );
}
