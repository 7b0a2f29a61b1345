// Types of i18n-keys.js for the tests that read its allowlist.
export declare const VARIABLE_KEYS: Record<string, string[]>;
export declare const i18nRules: { rules: Record<string, unknown> };
