/**
 * Where caption lines break: the rule lives in the contract (`contract/rules/caption-line-breaks.ts`)
 * so the browser's exact preview builds the same lines as the render.
 */
export * from '../../contract/rules/caption-line-breaks';
