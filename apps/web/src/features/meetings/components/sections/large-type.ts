/**
 * Large type for a list built of another feature's rows (shared screen): the rows keep their own small
 * sizes, so the list re-sizes what those sizes mean for everything inside it.
 */
export const LARGE_LIST_TYPE = 'text-lg [--text-xs:1rem] [--text-sm:1.125rem]';
