/** The role table is shared with the panel: packages/shared/src/rules/policy.ts. */
export { type Action, can } from '@painel/shared/rules/policy';
