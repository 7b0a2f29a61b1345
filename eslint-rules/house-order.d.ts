// Types of house-order.js for the tests that read its allowlists.
export declare const FOLDER_IMPORTS: Record<string, string[]>;
export declare const FS_FILES: string[];
export declare const houseOrder: { rules: Record<string, unknown> };
