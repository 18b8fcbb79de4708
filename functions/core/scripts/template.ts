/** How many templates a user may keep (their shape and request are the contract's: contract/generation.ts). */
export const maxTemplatesPerUser = 100;
