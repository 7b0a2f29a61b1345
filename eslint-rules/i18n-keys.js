// Every word the renderer asks for exists in both languages, proved by the linter (issue 61: static
// i18n keys, as Signal's `valid-i18n-keys` does): a `t('key')` or `i18nKey="key"` names a key of the one
// dictionary's `translation` part in de and en (a plural by its `_one`/`_other` forms); a
// `t(\`prefix${…}\`)` matches at least one key and the same keys in both languages; a key held in a
// variable is refused unless VARIABLE_KEYS names the call and where its keys come from. The dictionary is
// read from common/i18n/words.ts itself (through tsx), so the rule and the app never disagree.
import { require as tsxRequire } from 'tsx/cjs/api';
import { projectPath } from './house-order.js';

const { resources } = tsxRequire('../common/i18n/words.ts', import.meta.url);
const KEYS = {
  de: new Set(Object.keys(resources.de.translation)),
  en: new Set(Object.keys(resources.en.translation)),
};

/**
 * Calls whose key is a variable, by file and argument, each with where its keys come from (each place
 * checked by test/unit/i18n-keys.test.ts).
 */
export const VARIABLE_KEYS = {
  // cachedLabel(t, language, key): a literal key at each call site (label('q1'), …).
  'renderer/src/components/Chart.tsx': ['key'],
  // status_/statusHint_/direction_/commodity_ of a meter, built as templates in the same place.
  'renderer/src/components/MeterList.tsx': ['key'],
  // tokenFor_/tokenNew_… chosen between literals just above the call.
  'renderer/src/components/TokenDialog.tsx': ['key'],
  // The battery figures' labels: a literal tuple list right above the call.
  'renderer/src/components/analysis/BatteryView.tsx': ['label'],
};

/** A key as i18next finds it: itself, or its plural forms. */
const has = (keys, k) => keys.has(k) || (keys.has(`${k}_one`) && keys.has(`${k}_other`));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What is wrong with the key a call or attribute names, or null. */
function problemOf(arg, path) {
  // `t(cond ? 'a' : 'b')`: both keys are checked.
  if (arg.type === 'ConditionalExpression')
    return problemOf(arg.consequent, path) ?? problemOf(arg.alternate, path);
  if (arg.type === 'Literal' && typeof arg.value === 'string') {
    const missing = ['de', 'en'].filter((l) => !has(KEYS[l], arg.value));
    return missing.length ? `"${arg.value}" is not a key in ${missing.join(' and ')} (common/i18n)` : null;
  }
  if (arg.type === 'TemplateLiteral') {
    const parts = arg.quasis.map((q) => escape(q.value.cooked ?? q.value.raw));
    const pattern = new RegExp(`^${parts.join('.+')}(_one|_other)?$`);
    const inDe = [...KEYS.de].filter((k) => pattern.test(k)).sort();
    const inEn = [...KEYS.en].filter((k) => pattern.test(k)).sort();
    const shown = arg.quasis.map((q) => q.value.raw).join('${…}');
    if (inDe.length === 0) return `\`${shown}\` matches no key in de (common/i18n)`;
    if (inDe.join() !== inEn.join()) return `\`${shown}\` matches other keys in de and en`;
    return null;
  }
  if (arg.type === 'Identifier' && (VARIABLE_KEYS[path] ?? []).includes(arg.name)) return null;
  return 'a key must be a literal (or a template) the linter can check: name the call in VARIABLE_KEYS (eslint-rules/i18n-keys.js) with where its keys come from';
}

const i18nKeys = {
  meta: {
    type: 'problem',
    docs: { description: "The renderer's i18n keys are literals that exist in both languages." },
    schema: [],
  },
  create(context) {
    const path = projectPath(context);
    const check = (arg) => {
      const problem = arg && problemOf(arg, path);
      if (problem) context.report({ node: arg, message: `i18n key: ${problem}.` });
    };
    return {
      CallExpression(node) {
        const c = node.callee;
        const isT =
          (c.type === 'Identifier' && c.name === 't') ||
          (c.type === 'MemberExpression' &&
            !c.computed &&
            c.property.name === 't' &&
            c.object.name === 'i18n');
        if (isT && node.arguments.length > 0) check(node.arguments[0]);
      },
      JSXAttribute(node) {
        if (node.name.name === 'i18nKey' && node.value)
          check(node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value);
      },
    };
  },
};

export const i18nRules = { rules: { 'i18n-keys': i18nKeys } };
