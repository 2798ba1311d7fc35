/** The commit form of one pre-order, as the action's reply names it (the page has one per pre-order). */
export const commitFormId = (preorderId: number | string) => `commit-${preorderId}`;
