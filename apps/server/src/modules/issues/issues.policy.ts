/** Access rules are the organization's: readers are active members, writers are members who are not observers. */
export { asReader, asWriter } from '../organizations/index.js';

export const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();
